import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/** The JSON value of `data` as a client receives it (undefined members dropped, dates as text). */
const asSent = (data: unknown): unknown => JSON.parse(JSON.stringify(data) ?? 'null');

class ResponseDriftError extends Error {}

type Write = (data: unknown) => string;

/**
 * fast-json-stringify compiled from `schema`'s output as JSON Schema: it writes the members the
 * schema declares and no other (an allow-list: a column a handler picked up by mistake does not
 * leave the server). Undefined for a schema JSON Schema cannot express (a transform).
 */
export function compileDeclared(schema: unknown): Write | undefined {
  try {
    return fastJson(z.toJSONSchema(schema as z.ZodType, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

/**
 * The writer of answers of `schema`: compileDeclared's, or JSON.stringify where it has none.
 * Compiled on the route's first answer, so a process starts no slower for routes it never answers.
 */
export function declaredWriter(schema: unknown): Write {
  let write: Write | undefined;
  return (data) => (write ??= compileDeclared(schema) ?? ((value) => JSON.stringify(value)))(data);
}

/**
 * declaredWriter as production runs it: an answer the compiled writer refuses (one its schema
 * does not fit, which the checked tests would have failed) is written by JSON.stringify rather
 * than failing the request, as before there was a writer.
 */
function productionWriter(schema: unknown): Write {
  const declared = declaredWriter(schema);
  return (data) => {
    try {
      return declared(data);
    } catch {
      return JSON.stringify(data);
    }
  };
}

/**
 * How answers are written. Checked (tests, development): each answer is encoded by its
 * endpoint's zod schema, as fastify-type-provider-zod does, and must come out as it went in: an
 * answer the schema refuses, or one it would change (a member the schema does not declare and
 * would strip, a transform), fails, so a handler that drifts from the contract fails its tests.
 * The production writer (declaredWriter) is run on it too and must write the same JSON value, so
 * every answer a test sees also proves the writer production uses.
 * Unchecked (production, benchmark): the compiled writer alone (productionWriter). zod's encode on every production
 * answer cost a list of ten registrants ~15% of the API's CPU time per request (the scale
 * bench's rows); the compiled writer costs less than JSON.stringify.
 */
export function registerResponseSerializer(app: FastifyInstance, { checked }: { checked: boolean }) {
  if (!checked) {
    app.setSerializerCompiler(({ schema }) => productionWriter(schema));
    return;
  }
  const encoding = createSerializerCompiler({});
  app.setSerializerCompiler((route) => {
    const encode = encoding(route as Parameters<typeof encoding>[0]);
    const production = declaredWriter(route.schema);
    return (data) => {
      const json = encode(data);
      const sent = asSent(data);
      if (!isDeepStrictEqual(JSON.parse(json), sent)) {
        throw new ResponseDriftError(`${route.method} ${route.url}: the answer is not what its response schema declares (a member it does not declare, or one it transforms)`);
      }
      if (!isDeepStrictEqual(JSON.parse(production(data)), sent)) {
        throw new ResponseDriftError(`${route.method} ${route.url}: the production writer would send another answer than this one`);
      }
      return json;
    };
  });
}
