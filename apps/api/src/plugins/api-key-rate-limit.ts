import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fill, RATE_MSG } from '@eo/contract';
import { DomainError, ERROR_CODE } from '../lib/errors.js';

/** Answers whether a key may make one more request now; throws 429 with Retry-After when not. */
export type ApiKeyLimit = (request: FastifyRequest, keyId: string) => Promise<void>;

/**
 * `perMinute` requests per API key across all routes, counted in this process's memory by
 * @fastify/rate-limit (registered by public-rate-limit.ts, which must come first): with several
 * API processes behind a balancer each counts its own share, as for the public limits.
 */
export function apiKeyRateLimit(app: FastifyInstance, perMinute: number): ApiKeyLimit {
  const keyOf = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: (request) => `api-key:${keyOf.get(request)}` });
  return async (request, keyId) => {
    keyOf.set(request, keyId);
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      throw new DomainError(ERROR_CODE.tooManyRequests, fill(RATE_MSG.tooMany, { seconds }), { retryAfterSeconds: seconds });
    }
  };
}
