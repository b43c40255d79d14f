import { describe, expect, it } from 'vitest';
import { OWN_RECENT_MS, ownCheckins } from './own-checkins';

const AT = '2026-11-24T02:00:00.000Z';
const T0 = Date.parse(AT);

describe('ownCheckins', () => {
  it('a check-in made here a moment ago, named by code or by registrant', () => {
    const own = ownCheckins();
    own.record({ code: 'KODE-SATU', registrantId: 'r1' }, AT, T0);
    expect(own.isRecent({ code: 'KODE-SATU' }, AT, T0 + 6000)).toBe(true);
    expect(own.isRecent({ registrantId: 'r1' }, '2026-11-24T02:00:00Z', T0 + 6000)).toBe(true);
    expect(own.isRecent({ code: 'KODE-DUA', registrantId: 'r2' }, AT, T0 + 6000)).toBe(false);
  });

  it('not when long ago, or when the first check-in named is another one (elsewhere, or undone and made again)', () => {
    const own = ownCheckins();
    own.record({ code: 'KODE-SATU' }, AT, T0);
    expect(own.isRecent({ code: 'KODE-SATU' }, AT, T0 + OWN_RECENT_MS - 1)).toBe(true);
    expect(own.isRecent({ code: 'KODE-SATU' }, AT, T0 + OWN_RECENT_MS)).toBe(false);
    expect(own.isRecent({ code: 'KODE-SATU' }, '2026-11-24T02:03:00.000Z', T0 + 6000)).toBe(false);
    expect(own.isRecent({ code: 'KODE-SATU' }, null, T0 + 6000)).toBe(false);
  });
});
