import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { registerResponseSerializer } from './response-serializer.js';

const answer = z.object({ data: z.object({ id: z.string(), name: z.string().nullable(), tags: z.array(z.string()), note: z.string().optional() }) });

/** A server with one route answering `body`, its answers checked or not. */
async function serverAnswering(body: unknown, checked: boolean) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  registerResponseSerializer(app, { checked });
  app.get('/thing', { schema: { response: { 200: answer } } }, async () => body);
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

  it('unchecked (production): written as the handler made it, nothing stripped there: each handler\'s tests are what check it', async () => {
    const app = await serverAnswering(undeclared, false);
    const res = await app.inject('/thing');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(undeclared);
    expect((await (await serverAnswering(declared, false)).inject('/thing')).body).toBe(JSON.stringify(declared));
  });
});
