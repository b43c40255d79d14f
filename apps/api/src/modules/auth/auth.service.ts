import { MESSAGE_ID, MSG, OWN_MSG, type LoginResponse, type TokenData } from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { hasDashboardRole, type Caller } from '../../lib/caller.js';
import { DomainError, ERROR_CODE, forbidden, unauthorized } from '../../lib/errors.js';
import * as repo from './auth.repository.js';
import { LoginThrottle, type ThrottleLimits } from './login-throttle.js';
import { hashToken, newRefreshToken, signAccessToken, tokenKey, verifyAccessToken } from './tokens.js';

export interface AuthSettings {
  jwtSecret: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  login: ThrottleLimits;
}

/** The native argon2 module, loaded with the first sign-in or new password (~10 MB resident an idle process need not hold). */
const argon2 = () => import('@node-rs/argon2');

/** argon2id (the library's default algorithm) with its default memory and time costs. */
export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password);
}

/** Whether `password` is the one `passwordHash` was made from; false for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
  return verify(passwordHash, password).catch(() => false);
}

/** Whether an account signs in with this email (case-insensitive, as login matches it). */
export async function isEmailRegistered(db: DbOrTx, email: string): Promise<boolean> {
  return Boolean(await repo.findUserByEmail(db, email));
}

/**
 * A verified token and its session are remembered this long, so a busy dashboard's requests
 * cost neither a signature check nor a session query. Revocations made by this process take
 * effect at once (the entries are dropped); another API process sees them within this window.
 * The token's own expiry is always honoured.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

export class AuthService {
  private readonly key: ReturnType<typeof tokenKey>;
  private readonly recent = new Map<string, { caller: Caller; at: number; expMs: number }>();
  private readonly throttle: LoginThrottle;
  /** Verified against when the email is unknown, so both paths cost the same time. */
  private dummyHash?: Promise<string>;

  constructor(private readonly db: Db, private readonly settings: AuthSettings) {
    this.key = tokenKey(settings.jwtSecret);
    this.throttle = new LoginThrottle(db, settings.login);
  }

  async login(input: { email: string; password: string; platform: string }, ip: string, now = new Date()): Promise<LoginResponse['data']> {
    await this.throttle.begin(input.email, ip, now);
    const user = await repo.findUserByEmail(this.db, input.email);
    this.dummyHash ??= hashPassword('not-a-real-password');
    const ok = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), input.password);
    if (!user || !ok) {
      // Already counted by `begin`: the failure stays.
      throw unauthorized(OWN_MSG.invalidCredentials);
    }
    await this.throttle.succeeded(input.email, ip);
    if (!hasDashboardRole(user.roles)) throw forbidden(MSG.restricedAccess);

    const tokenData = await this.db.transaction(async (tx) => {
      const sessionId = await repo.createSession(tx, user.id, input.platform);
      return this.issueTokens(tx, user.id, sessionId, now);
    });
    return {
      tokenData,
      roles: user.roles.map((name) => ({ role: { name } })),
      user: {
        email: user.email,
        profile: { userId: user.id, name: user.name, userLevel: { level: user.level } },
      },
    };
  }

  /**
   * Rotation: each refresh token works once. Presenting one that was already used means it
   * leaked (or a client raced itself): the whole session is revoked.
   */
  async refresh(refreshToken: string | undefined, now = new Date()): Promise<TokenData> {
    if (!refreshToken) throw unauthorized(MSG.restrictedAccess);
    const tokenHash = hashToken(refreshToken);
    const outcome = await this.db.transaction(async (tx) => {
      const row = await repo.lockRefreshToken(tx, tokenHash);
      if (!row || row.revokedAt || row.expiresAt <= now) return { refused: MESSAGE_ID.unauthorized };
      if (row.usedAt) {
        await repo.revokeSession(tx, row.sessionId, 'refresh token reused', now);
        return { refused: MESSAGE_ID.tokenReused, sessionId: row.sessionId };
      }
      await repo.markRefreshTokenUsed(tx, tokenHash, now);
      return { tokenData: await this.issueTokens(tx, row.userId, row.sessionId, now) };
    });
    // Thrown after the transaction so that the revocation above is committed.
    if (outcome.refused === MESSAGE_ID.tokenReused) this.forget(outcome.sessionId);
    if (!outcome.tokenData) throw new DomainError(outcome.refused ?? ERROR_CODE.unauthorized, MSG.restrictedAccess);
    return outcome.tokenData;
  }

  async logout(sessionId: string, now = new Date()): Promise<void> {
    await repo.revokeSession(this.db, sessionId, 'logout', now);
    this.forget(sessionId);
  }

  private forget(sessionId: string | undefined) {
    for (const [token, entry] of this.recent) if (entry.caller.sessionId === sessionId) this.recent.delete(token);
  }

  /**
   * A signed-in user proves their password again (changing it): counted by the sign-in throttle
   * as a login from `ip` would be, so a stolen access token cannot be used to guess it faster.
   */
  async confirmPassword(caller: Pick<Caller, 'userId' | 'email'>, password: string, ip: string, now = new Date()): Promise<boolean> {
    await this.throttle.begin(caller.email, ip, now);
    const stored = await repo.passwordHashOf(this.db, caller.userId);
    const ok = stored ? await verifyPassword(stored, password) : false;
    if (ok) await this.throttle.succeeded(caller.email, ip);
    return ok;
  }

  /**
   * Revokes the user's sessions, all but `except` (the caller's own), in the caller's
   * transaction. Call `forgetUser` once it has committed so this process drops them at once.
   */
  revokeUserSessions(tx: DbOrTx, userId: string, opts: { reason: string; now: Date; except?: string }): Promise<string[]> {
    return repo.revokeUserSessions(tx, userId, opts.reason, opts.now, opts.except);
  }

  /** Drops the user's cached sessions (all but `except`): their tokens are checked against the database again. */
  forgetUser(userId: string, except?: string) {
    for (const [token, entry] of this.recent) {
      if (entry.caller.userId === userId && entry.caller.sessionId !== except) this.recent.delete(token);
    }
  }

  /** The account's sign-in failures are forgotten (its owner reset the password from their mailbox). */
  forgiveLoginFailures(email: string): Promise<void> {
    return this.throttle.forgive(email);
  }

  /** Resolves a bearer token to its caller; null when the token or its session is not valid. */
  async authenticate(token: string): Promise<Caller | null> {
    const now = Date.now();
    const hit = this.recent.get(token);
    if (hit && now - hit.at < SESSION_CACHE_MS && now < hit.expMs) return hit.caller;
    if (hit) this.recent.delete(token);
    const claims = await verifyAccessToken(this.key, token);
    if (!claims) return null;
    const row = await repo.findLiveSession(this.db, claims.sid, claims.sub);
    if (!row) return null;
    const caller = { ...row, isAdmin: row.roles.includes('globalAdmin') };
    if (this.recent.size >= SESSION_CACHE_MAX) this.recent.delete(this.recent.keys().next().value!);
    this.recent.set(token, { caller, at: now, expMs: claims.exp * 1000 });
    return caller;
  }

  private async issueTokens(tx: Parameters<typeof repo.createSession>[0], userId: string, sessionId: string, now: Date): Promise<TokenData> {
    const refreshToken = newRefreshToken();
    const { accessTokenTtl, refreshTokenTtl } = this.settings;
    await repo.insertRefreshToken(tx, sessionId, hashToken(refreshToken), new Date(now.getTime() + refreshTokenTtl * 1000));
    const token = await signAccessToken(this.key, { sub: userId, sid: sessionId }, accessTokenTtl, now.getTime());
    return { token, tokenType: 'Bearer', refreshToken, expire: accessTokenTtl, refreshExpire: refreshTokenTtl };
  }
}
