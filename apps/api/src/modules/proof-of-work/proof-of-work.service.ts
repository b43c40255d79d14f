import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { PROOF_OF_WORK, PROOF_OF_WORK_MSG, type AltchaChallenge } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { DomainError, ERROR_CODE } from '../../lib/errors.js';
import { purgeUsedChallenges, spendChallenge } from './proof-of-work.repository.js';

/**
 * PBKDF2 runs natively in the browser (WebCrypto) as on an attacker's machine, so a phone pays
 * about what a bot pays per try; a plain hash chain would be slower in page script than in C.
 */
const ALGORITHM = 'PBKDF2/SHA-256';

/** A v2 payload as the page sends it: the challenge as received and its solution. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(ALGORITHM), nonce: z.string().max(64), salt: z.string().max(64), cost: z.number().int(), keyLength: z.number().int(),
      keyPrefix: z.string().max(128), keySignature: z.string().max(128), expiresAt: z.number(),
    }).strict(),
    signature: z.string().max(128),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(256), time: z.number().optional() }),
});

const refused = () => new DomainError(ERROR_CODE.challengeRequired, PROOF_OF_WORK_MSG.required);

/** A key for one use, derived from the server's secret, so no new secret has to be shared by the processes. */
const derived = (secret: string, use: string) => createHmac('sha256', secret).update(`altcha:${use}`).digest('hex');

/**
 * Proof of work with altcha-lib (v2, deterministic mode): a challenge hides a random counter
 * behind PBKDF2, signed with an HMAC (its parameters) and a second one (the key the counter
 * gives), so a solution is checked with two HMACs, without deriving anything. Each challenge
 * works once (`used_challenges`) and for PROOF_OF_WORK.lifetimeSeconds.
 */
export class ProofOfWorkService {
  private readonly signatureSecret: string;
  private readonly keySecret: string;

  constructor(private readonly db: Db, secret: string, private readonly cost: { cost: number; maxCounter: number }) {
    this.signatureSecret = derived(secret, 'signature');
    this.keySecret = derived(secret, 'key-signature');
  }

  async challenge(now = new Date()): Promise<AltchaChallenge> {
    const { maxCounter, cost } = this.cost;
    const challenge = await createChallenge({
      algorithm: ALGORITHM, cost, deriveKey,
      // Between half and all of the maximum: never a counter so small that the solve is free.
      counter: randomInt(maxCounter, Math.ceil(maxCounter / 2)),
      expiresAt: Math.floor(now.getTime() / 1000) + PROOF_OF_WORK.lifetimeSeconds,
      hmacSignatureSecret: this.signatureSecret, hmacKeySignatureSecret: this.keySecret,
    });
    return challenge as AltchaChallenge;
  }

  /**
   * Accepts a solved challenge once, else throws CHALLENGE_REQUIRED (400): missing, not a
   * payload, not signed here, not solved, expired, or spent before.
   */
  async spend(payload: unknown, now = new Date()): Promise<void> {
    if (typeof payload !== 'string' || payload.length === 0 || payload.length > PROOF_OF_WORK.maxPayloadChars) throw refused();
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    } catch {
      throw refused();
    }
    const parsed = payloadSchema.safeParse(decoded);
    if (!parsed.success) throw refused();
    const { challenge, solution } = parsed.data;
    const result = await verifySolution({
      challenge, solution, deriveKey, hmacSignatureSecret: this.signatureSecret, hmacKeySignatureSecret: this.keySecret,
    }).catch(() => null);
    if (!result?.verified || challenge.parameters.expiresAt * 1000 <= now.getTime()) throw refused();
    if (!(await spendChallenge(this.db, challenge.signature, new Date(challenge.parameters.expiresAt * 1000)))) throw refused();
  }

  purgeExpired(now = new Date()): Promise<number> {
    return purgeUsedChallenges(this.db, now);
  }
}
