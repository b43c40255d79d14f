import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { PROOF_OF_WORK_ADDRESS } from '../proof-of-work.js';
import { resultEnvelope } from '../schemas/common.js';

/**
 * A challenge as altcha-lib (v2) `createChallenge` returns it, signed: the parameters the solver
 * needs (algorithm, nonce, salt, cost, key prefix, expiry) and their HMAC.
 */
export const altchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

export const PROOF_OF_WORK_ENDPOINTS = {
  /** A fresh challenge; never cached (each one may be used once). */
  challenge: endpoint({
    ...PROOF_OF_WORK_ADDRESS.challenge, tags: ['public'], status: 200, response: resultEnvelope(altchaChallengeSchema),
  }),
};
