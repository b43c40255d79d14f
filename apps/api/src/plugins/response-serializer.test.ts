import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { declaredWriter, registerResponseSerializer } from './response-serializer.js';

const answer = z.object({ data: z.object({ id: z.string(), name: z.string().nullable(), tags: z.array(z.string()), note: z.string().optional() }) });

/** A server with one route answering `body` with `schema`, its answers checked or not. */
async function serverAnswering(body: unknown, checked: boolean, schema: z.ZodType = answer) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  registerResponseSerializer(app, { checked });
  app.get('/thing', { schema: { response: { 200: schema } } }, async () => body);
  await app.ready();
  return app;
}

const declared = { data: { id: 'a1', name: null, tags: ['x'], note: undefined } };
const undeclared = { data: { id: 'a1', name: 'Ani', tags: [], passwordHash: 'secret' } };
const refused = { data: { id: 'a1', name: 7, tags: [] } };

describe('response serializer', () => {
  it('checked: an answer as its schema declares it goes out as it is', async () => {
    const app = await serverAnswering(declared, true);
    const res = await app.inject('/thing');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: 'a1', name: null, tags: ['x'] } });
  });

  it('checked: an answer with a member its schema does not declare fails, not stripped in silence', async () => {
    const app = await serverAnswering(undeclared, true);
    const res = await app.inject('/thing');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
  });

  it('checked: an answer its schema refuses fails', async () => {
    const app = await serverAnswering(refused, true);
    expect((await app.inject('/thing')).statusCode).toBe(500);
  });

  it('unchecked (production): only the members the schema declares are written', async () => {
    const res = await (await serverAnswering(undeclared, false)).inject('/thing');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: 'a1', name: 'Ani', tags: [] } });
    expect(res.body).not.toContain('secret');
    expect((await (await serverAnswering(declared, false)).inject('/thing')).json()).toEqual({ data: { id: 'a1', name: null, tags: ['x'] } });
  });

  it('unchecked: a member a schema does not declare is not written inside a nullable object or a union\'s branch either', async () => {
    const nested = z.object({
      o: z.object({ a: z.string() }).nullable(),
      v: z.union([z.object({ kind: z.literal('a'), x: z.string() }), z.object({ kind: z.literal('b'), y: z.number() })]),
      list: z.array(z.object({ id: z.string() }).nullable()),
    });
    const res = await (await serverAnswering({
      o: { a: 'k', secret: 1 }, v: { kind: 'b', y: 2, secret: 2 }, list: [null, { id: 'x', secret: 3 }],
    }, false, nested)).inject('/thing');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ o: { a: 'k' }, v: { kind: 'b', y: 2 }, list: [null, { id: 'x' }] });
  });

  it('unchecked: an answer its schema does not fit is written as the handler made it, not failed', async () => {
    const res = await (await serverAnswering(refused, false)).inject('/thing');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(refused);
  });

  it('unchecked: a schema JSON Schema cannot express (a transform) is written by JSON.stringify', async () => {
    const transformed = z.object({ t: z.string().transform((s) => s.length) });
    const res = await (await serverAnswering({ t: 3, more: 'x' }, false, transformed)).inject('/thing');
    expect(res.body).toBe(JSON.stringify({ t: 3, more: 'x' }));
  });
});

describe('declaredWriter (the production writer) writes the JSON value JSON.stringify writes, for answers the schema fits', () => {
  const cases: [string, z.ZodType, unknown][] = [
    ['nullable members', z.object({ a: z.string().nullable(), n: z.number().nullable() }), { a: null, n: null }],
    ['optional, absent', z.object({ a: z.string().optional() }), { a: undefined }],
    ['union of objects', z.object({ v: z.union([z.object({ kind: z.literal('a'), x: z.string() }), z.object({ kind: z.literal('b'), y: z.number() })]) }), { v: { kind: 'b', y: 2 } }],
    ['discriminated union', z.object({ v: z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), x: z.string() }), z.object({ kind: z.literal('b'), z: z.string().nullable() })]) }), { v: { kind: 'b', z: 'q' } }],
    ['record', z.object({ r: z.record(z.string(), z.number()) }), { r: { a: 1, b: 2 } }],
    ['unknown', z.object({ u: z.unknown() }), { u: { deep: [1, { x: null }] } }],
    ['texts', z.object({ s: z.array(z.string()) }), { s: ['é😀', '"\\\n\u0001', '\ud800', '</script>', ''] }],
    ['numbers', z.object({ i: z.number().int(), f: z.number() }), { i: 12345678901, f: -1.5 }],
    ['enum and literal', z.object({ e: z.enum(['x', 'y']), ok: z.literal(true) }), { e: 'y', ok: true }],
    ['nullable objects in a list', z.object({ o: z.array(z.object({ a: z.string(), b: z.boolean() }).nullable()) }), { o: [null, { a: 'k', b: false }] }],
    ['intersection', z.object({ a: z.string() }).and(z.object({ b: z.number() })), { a: 'x', b: 1 }],
    ['tuple', z.object({ t: z.tuple([z.string(), z.number()]) }), { t: ['a', 1] }],
    ['loose object', z.looseObject({ a: z.string() }), { a: 'x', more: 1 }],
  ];
  it.each(cases)('%s', (_name, schema, value) => {
    expect(JSON.parse(declaredWriter(schema)(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });
});
