import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { PROOF_OF_WORK, PROOF_OF_WORK_ENDPOINTS, type AltchaChallenge } from '@eo/contract';

/** A v2 payload as the public form sends it: base64 of `{ challenge, solution }`. */
export const altchaPayload = (challenge: unknown, solution: unknown) =>
  Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

/** A fresh challenge from the app (`GET /v1/public/challenge`). */
export async function fetchChallenge(app: FastifyInstance, remoteAddress = '198.51.100.200'): Promise<AltchaChallenge> {
  const res = await app.inject({ method: 'GET', url: PROOF_OF_WORK_ENDPOINTS.challenge.path, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
  return res.json().data.result as AltchaChallenge;
}

/** Solves a challenge as the page does (the tests' config makes it cheap: testConfig's ALTCHA_*). */
export async function solve(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return altchaPayload(challenge, solution);
}

/** A solved challenge, for the body field `altcha` or the `X-Altcha` header. */
export async function solvedAltcha(app: FastifyInstance): Promise<string> {
  return solve(await fetchChallenge(app));
}

/** A public registration's body with a solved challenge added (unless it brings its own `altcha`). */
export async function withAltcha<B extends object>(app: FastifyInstance, body: B): Promise<object> {
  return PROOF_OF_WORK.bodyField in body ? body : { ...body, [PROOF_OF_WORK.bodyField]: await solvedAltcha(app) };
}
