import { createHash, createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims { sub: string; sid: string }
export interface VerifiedClaims extends AccessClaims { /** Expiry, epoch seconds. */ exp: number }

/** Made once: handing jose a ready KeyObject spares a key import on every request. */
export function tokenKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

export async function signAccessToken(key: KeyObject, claims: AccessClaims, ttlSeconds: number, nowMs = Date.now()) {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    // iat has second resolution: without a unique id, a login and a refresh in the same
    // second would mint byte-identical tokens.
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(key);
}

/** Null for any token that is malformed, forged or expired. */
export async function verifyAccessToken(key: KeyObject, token: string): Promise<VerifiedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    return { sub: payload.sub, sid: payload.sid, exp: payload.exp };
  } catch {
    return null;
  }
}

/** Refresh tokens are random and opaque; only their hash is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
