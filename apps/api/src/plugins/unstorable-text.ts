import type { FastifyInstance } from 'fastify';
import { OWN_MSG, unstorablePath } from '@eo/contract';
import { invalid } from '../lib/errors.js';

/**
 * PostgreSQL text cannot hold a NUL character, and half a surrogate pair is not UTF-8 (the
 * driver would store U+FFFD instead): a query given a NUL failed, which answered 500 (found by the fuzzing suite on sign-in, event
 * drafts, maintenance, receipts, certificate verification). No text the API takes may contain
 * them, so such a request is refused with 400 before validation, whichever route it is for.
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = unstorablePath(part);
      if (path !== undefined) {
        throw invalid(OWN_MSG.validation, [{ message: OWN_MSG.validation, ...(path ? { path } : {}) }]);
      }
    }
  });
}
