import { describe, expect, it } from 'vitest';
import { fill } from './messages.js';
import { formatCount, formatRupiah } from './money.js';
import { formatWibLongDate, formatWibTime, wibDay, wibInstant } from './time.js';

describe('formatRupiah (spec section 9)', () => {
  it.each([
    [0, 'Rp0,00'],
    [15000, 'Rp15.000,00'],
    [33583000, 'Rp33.583.000,00'],
    [1234567890123, 'Rp1.234.567.890.123,00'],
    [-25000, '-Rp25.000,00'],
  ])('%d → %s', (n, text) => expect(formatRupiah(n)).toBe(text));

  it('groups counts the Indonesian way', () => {
    expect(formatCount(1250)).toBe('1.250');
    expect(formatCount(7)).toBe('7');
  });
});

describe('WIB time', () => {
  it('a WIB wall-clock time is 7 hours ahead of UTC', () => {
    expect(wibInstant('2026-11-21', '09:30').toISOString()).toBe('2026-11-21T02:30:00.000Z');
  });
  it('an instant counts on its WIB day: 23:30 WIB on that day, midnight WIB on the next', () => {
    expect(wibDay(new Date('2026-11-21T16:30:00Z'))).toBe('2026-11-21'); // 23:30 WIB
    expect(wibDay(new Date('2026-11-21T17:00:00Z'))).toBe('2026-11-22'); // 00:00 WIB next day
  });
});

describe('fill', () => {
  it('replaces named placeholders and leaves unknown ones', () => {
    expect(fill('Maximum file size is {n}MB', { n: 3 })).toBe('Maximum file size is 3MB');
    expect(fill('{a} {b}', { a: 1 })).toBe('1 {b}');
  });
});

describe('formatWibLongDate and formatWibTime (the public event page)', () => {
  it('uses the WIB day and Indonesian month names', () => {
    // 18:30 UTC on 31 Dec is 01:30 on 1 Jan in WIB.
    expect(formatWibLongDate(new Date('2026-12-31T18:30:00Z'))).toBe('1 Januari 2027');
    expect(formatWibTime(new Date('2026-12-31T18:30:00Z'))).toBe('01:30');
    expect(formatWibLongDate(wibInstant('2026-08-17', '09:00'))).toBe('17 Agustus 2026');
  });
});
