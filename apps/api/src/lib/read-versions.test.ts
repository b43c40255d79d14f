import { describe, expect, it } from 'vitest';
import { VersionedReads } from './read-versions.js';

describe('VersionedReads', () => {
  const counting = () => {
    let loads = 0;
    return { load: (v: string) => async () => `${v}#${++loads}`, loads: () => loads };
  };

  it('serves an answer again only under the version it was read at', async () => {
    const reads = new VersionedReads<string>();
    const c = counting();
    expect(await reads.read('k', '1', c.load('a'))).toBe('a#1');
    expect(await reads.read('k', '1', c.load('b'))).toBe('a#1');
    expect(await reads.read('k', '2', c.load('c'))).toBe('c#2');
    // A version seen before is no reason to serve what was read under another.
    expect(await reads.read('k', '1', c.load('d'))).toBe('d#3');
    expect(await reads.read('other', '1', c.load('e'))).toBe('e#4');
    expect(c.loads()).toBe(4);
  });

  it('keeps at most `max` answers, dropping the least recently served', async () => {
    const reads = new VersionedReads<string>({ max: 2 });
    const c = counting();
    await reads.read('a', '1', c.load('a'));
    await reads.read('b', '1', c.load('b'));
    await reads.read('a', '1', c.load('x')); // a served: b is now the oldest
    await reads.read('c', '1', c.load('c'));
    expect(await reads.read('a', '1', c.load('y'))).toBe('a#1');
    expect(await reads.read('b', '1', c.load('b2'))).toBe('b2#4');
  });

  it('reads again after ttlMs, whatever the version', async () => {
    const reads = new VersionedReads<string>({ ttlMs: 1 });
    const c = counting();
    await reads.read('k', '1', c.load('a'));
    await new Promise((r) => setTimeout(r, 20));
    expect(await reads.read('k', '1', c.load('b'))).toBe('b#2');
  });

  it('remembers nothing of a read that failed', async () => {
    const reads = new VersionedReads<string>();
    await expect(reads.read('k', '1', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(await reads.read('k', '1', async () => 'ok')).toBe('ok');
  });

  it('serves a timed answer only between the instant it was read and its until', async () => {
    const reads = new VersionedReads<string>();
    const c = counting();
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, 0, ms));
    const timed = (v: string, until: Date | null) => async () => ({ value: await c.load(v)(), until });
    expect(await reads.readTimed('k', '1', at(0), timed('a', at(500)))).toBe('a#1');
    expect(await reads.readTimed('k', '1', at(500), timed('b', null))).toBe('a#1');
    // Past its until, or before the instant it was read at (a caller asking about an earlier
    // moment), it is read again.
    expect(await reads.readTimed('k', '1', at(501), timed('c', null))).toBe('c#2');
    expect(await reads.readTimed('k', '1', at(400), timed('d', null))).toBe('d#3');
    // No instant ahead: kept while the version stands.
    expect(await reads.readTimed('k', '1', at(10_000), timed('e', null))).toBe('d#3');
    expect(await reads.readTimed('k', '2', at(10_000), timed('f', null))).toBe('f#4');
  });
});
