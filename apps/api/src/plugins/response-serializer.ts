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
 * The schema with every `additionalProperties: false` left out. fast-json-stringify writes only
 * the declared properties either way, but it picks a union's branch (a nullable object is one)
 * by validating the value with Ajv, which would refuse a value with an extra member: no branch
 * would fit and the answer could only be written some other way. Open, the branch is chosen by
 * what is declared and the extra member is not written.
 */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).filter(([key, value]) => !(key === 'additionalProperties' && value === false))
    .map(([key, value]) => [key, openObjects(value)]));
}

/**
 * fast-json-stringify compiled from `schema`'s output as JSON Schema: it writes the members the
 * schema declares and no other (an allow-list: a column a handler picked up by mistake does not
 * leave the server). Its union validators are compiled here too, not on a first answer, so a
 * schema Ajv cannot compile fails now (and the endpoint tests). Undefined for a schema JSON
 * Schema cannot express (a transform).
 */
export function compileDeclared(schema: unknown): Write | undefined {
  let json: unknown;
  try {
    json = z.toJSONSchema(schema as z.ZodType, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
  } catch {
    return undefined;
  }
  return fastJson(openObjects(json) as Parameters<typeof fastJson>[0], { compileValidators: true });
}

/** JSON of zod's encode of an answer: undeclared members stripped; throws when the schema refuses it. */
const encodedBy = (schema: unknown): Write => (value) => JSON.stringify(z.encode(schema as z.ZodType, value));

/**
 * The writer of answers of `schema`: compileDeclared's, or where a schema has none, encodedBy's.
 * Compiled on the route's first answer, so a process starts no slower for routes it never answers.
 */
export function declaredWriter(schema: unknown): Write {
  let write: Write | undefined;
  return (data) => (write ??= compileDeclared(schema) ?? encodedBy(schema))(data);
}

/**
 * declaredWriter as production runs it. An answer it cannot write (one its schema does not fit,
 * which the checked tests would have failed) is written as zod's encode leaves it, undeclared
 * members stripped, or when zod refuses it too, by JSON.stringify rather than failing the request
 * (as before there was a writer); `fellBack` is told, once per route.
 */
function productionWriter(schema: unknown, fellBack: () => void): Write {
  const declared = declaredWriter(schema);
  const encoded = encodedBy(schema);
  let told = false;
  return (data) => {
    try {
      return declared(data);
    } catch {
      if (!told) {
        told = true;
        fellBack();
      }
      try {
        return encoded(data);
      } catch {
        return JSON.stringify(data);
      }
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
 * Unchecked (production, benchmark): the compiled writer alone (productionWriter). zod's encode
 * on every production answer cost a list of ten registrants ~15% of the API's CPU time per
 * request (the scale bench's rows); the compiled writer costs less than JSON.stringify.
 */
export function registerResponseSerializer(app: FastifyInstance, { checked }: { checked: boolean }) {
  if (!checked) {
    app.setSerializerCompiler(({ schema, method, url }) => productionWriter(schema, () => {
      app.log.warn({ method, url }, 'an answer its response schema does not fit was written without the compiled writer');
    }));
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
