import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads.js';

/** A read the test finishes by hand, remembering the value current when it started. */
function source() {
  let value = 0;
  const started: { at: number; finish: () => void }[] = [];
  const load = () => new Promise<number>((resolve) => {
    const at = value;
    started.push({ at, finish: () => resolve(at) });
  });
  return { set: (v: number) => { value = v; }, load, started };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('SharedReads', () => {
  it('callers during a running read share the next one, which starts after it: nobody gets a read older than their call', async () => {
    const reads = new SharedReads<string, number>();
    const s = source();
    const first = reads.read('e', s.load);
    s.set(1); // a write committed while the first read runs
    const second = reads.read('e', s.load);
    const third = reads.read('e', s.load);
    expect(s.started).toHaveLength(1);
    s.started[0]!.finish();
    expect(await first).toBe(0);
    await tick();
    expect(s.started).toHaveLength(2);
    s.started[1]!.finish();
    expect([await second, await third]).toEqual([1, 1]);
  });

  it('keys do not share; a failed read fails its callers only, and the next read runs', async () => {
    const reads = new SharedReads<string, number>();
    let calls = 0;
    const failing = () => { calls++; return Promise.reject(new Error('down')); };
    const a = reads.read('a', failing);
    const waiting = reads.read('a', () => { calls++; return Promise.resolve(7); });
    const b = reads.read('b', () => { calls++; return Promise.resolve(2); });
    await expect(a).rejects.toThrow('down');
    expect(await waiting).toBe(7);
    expect(await b).toBe(2);
    expect(calls).toBe(3);
    expect(await reads.read('a', () => Promise.resolve(8))).toBe(8);
  });
});
