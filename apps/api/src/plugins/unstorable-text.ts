import type { FastifyInstance } from 'fastify';
import { MESSAGE_ID, OWN_MSG, UNSTORABLE_TEXT } from '@eo/contract';
import { AppError } from '../lib/errors.js';

/** Where the first string (or key) holding unstorable text is, as a dotted path; undefined when there is none. Iterative: bodies may nest deeply. */
function unstorablePath(root: unknown): string | undefined {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE_TEXT.test(value)) return path;
    } else if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        const at = path ? `${path}.${key}` : key;
        if (UNSTORABLE_TEXT.test(key)) return at;
        stack.push([(value as Record<string, unknown>)[key], at]);
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold a NUL character, and PGlite fails on half a surrogate pair: a
 * query given either failed, which answered 500 (found by the fuzzing suite on sign-in, event
 * drafts, maintenance, receipts, certificate verification). No text the API takes may contain
 * them, so such a request is refused with 400 before validation, whichever route it is for.
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = unstorablePath(part);
      if (path !== undefined) {
        throw new AppError(400, OWN_MSG.validation, MESSAGE_ID.validation, [{ message: OWN_MSG.validation, ...(path ? { path } : {}) }]);
      }
    }
  });
}
