import { describe, expect, it } from 'vitest';
import { ConcurrencyGate, GateBusyError } from './concurrency-gate.js';

const deferred = () => {
  let release!: () => void;
  const done = new Promise<void>((r) => { release = r; });
  return { done, release };
};

describe('ConcurrencyGate', () => {
  it('holds at most `total` at once and `perKey` per key; waiters run in order as slots free', async () => {
    const gate = new ConcurrencyGate(2, 1, 10_000);
    const order: string[] = [];
    const a = deferred();
    const b = deferred();
    const c = deferred();
    const pa = gate.run('org1', async () => { order.push('a'); await a.done; });
    const pb = gate.run('org1', async () => { order.push('b'); await b.done; }); // same organizer: waits
    const pc = gate.run('org2', async () => { order.push('c'); await c.done; });
    await Promise.resolve();
    expect([order, gate.active]).toEqual([['a', 'c'], 2]);
    a.release();
    await pa;
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a', 'c', 'b']);
    b.release();
    c.release();
    await Promise.all([pb, pc]);
    expect(gate.active).toBe(0);
  });

  it('a call that waits past waitMs fails with GateBusyError (Retry-After seconds) and never runs', async () => {
    const gate = new ConcurrencyGate(1, 1, 30);
    const hold = deferred();
    const first = gate.run('org1', () => hold.done);
    let ran = false;
    const err = await gate.run('org2', async () => { ran = true; }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GateBusyError);
    expect((err as GateBusyError).retryAfterSeconds).toBe(1);
    expect(ran).toBe(false);
    hold.release();
    await first;
    expect(gate.active).toBe(0);
  });

  it('a failing call frees its slot', async () => {
    const gate = new ConcurrencyGate(1, 1, 1000);
    await expect(gate.run('k', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await gate.run('k', async () => 'ok')).toBe('ok');
  });
});
