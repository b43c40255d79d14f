import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';

/** The JSON value of `data` as a client receives it (undefined members dropped, dates as text). */
const asSent = (data: unknown): unknown => JSON.parse(JSON.stringify(data) ?? 'null');

class ResponseDriftError extends Error {}

/**
 * How answers are written. Checked (tests, development): each answer is encoded by its
 * endpoint's zod schema, as fastify-type-provider-zod does, and must come out as it went in: an
 * answer the schema refuses, or one it would change (a member the schema does not declare and
 * would strip, a transform), fails, so a handler that drifts from the contract fails its tests.
 * Unchecked (production, benchmark): the answer as the handler made it, `JSON.stringify` alone.
 * The check is what a handler's tests prove; paying it again on every production answer cost a
 * list of ten registrants ~15% of the API's CPU time per request (the scale bench's rows).
 */
export function registerResponseSerializer(app: FastifyInstance, { checked }: { checked: boolean }) {
  if (!checked) {
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    return;
  }
  const encoding = createSerializerCompiler({});
  app.setSerializerCompiler((route) => {
    const encode = encoding(route as Parameters<typeof encoding>[0]);
    return (data) => {
      const json = encode(data);
      if (!isDeepStrictEqual(JSON.parse(json), asSent(data))) {
        throw new ResponseDriftError(`${route.method} ${route.url}: the answer is not what its response schema declares (a member it does not declare, or one it transforms)`);
      }
      return json;
    };
  });
}
