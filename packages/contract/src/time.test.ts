import { describe, expect, it } from 'vitest';
import { INSIGHT_WINDOW_DAYS, insightWindowDays, wibDaysBetween } from './schemas/insight.js';
import { wibDay, wibDayName, wibDayNumber } from './time.js';

// The formulas these replaced (a Date and its ISO string per day), kept as the reference.
const refDay = (at: Date) => new Date(at.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
function refBetween(start: Date, end: Date) {
  const days: string[] = [];
  for (let t = Date.parse(`${refDay(start)}T00:00:00Z`); t <= Date.parse(`${refDay(end)}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
const refAdd = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
function refWindow(q: { startTime?: string; endTime?: string }, now: Date) {
  const span = INSIGHT_WINDOW_DAYS - 1;
  const end = q.endTime ? refDay(new Date(q.endTime)) : q.startTime ? refAdd(refDay(new Date(q.startTime)), span) : refDay(now);
  const start = q.startTime ? refDay(new Date(q.startTime)) : refAdd(end, -span);
  return refBetween(new Date(`${start}T00:00:00+07:00`), new Date(`${end}T00:00:00+07:00`));
}

describe('WIB days', () => {
  // Instants around WIB midnights (17:00 UTC), year and leap-day ends, and before 1970.
  const instants = [
    '2026-11-28T16:59:59.999Z', '2026-11-28T17:00:00.000Z', '2026-12-31T17:00:00.000Z', '2027-01-01T16:59:59.999Z',
    '2028-02-28T17:00:00.000Z', '2028-02-29T16:59:59.999Z', '1969-12-31T16:59:59.999Z', '1969-12-31T17:00:00.000Z', '1960-06-15T03:00:00+07:00',
  ].map((s) => new Date(s));
  // And 200 spread over eight years (a fixed sequence: the same run every time).
  for (let i = 0, x = 1; i < 200; i++) {
    x = (x * 48271) % 2147483647;
    instants.push(new Date(Date.UTC(2020, 0, 1) + (x % 3000) * 86_400_000 + (x % 86_400_000)));
  }

  it('names the same day as the ISO string of the shifted instant', () => {
    for (const at of instants) expect(wibDay(at), at.toISOString()).toBe(refDay(at));
    expect(wibDayName(wibDayNumber(Date.parse('2026-11-28T17:00:00Z')))).toBe('2026-11-29');
  });

  it('lists the days between two instants, and windows of every query shape, as before', () => {
    for (const [i, a] of instants.entries()) {
      const b = new Date(a.getTime() + (i % 12) * 86_400_000 + (i % 5) * 3600_000);
      expect(wibDaysBetween(a, b)).toEqual(refBetween(a, b));
      const now = instants[(i + 3) % instants.length];
      for (const q of [{}, { startTime: a.toISOString() }, { endTime: b.toISOString() }, { startTime: a.toISOString(), endTime: b.toISOString() }]) {
        expect(insightWindowDays(q, now), JSON.stringify(q)).toEqual(refWindow(q, now));
      }
    }
  });

  it('refuses an invalid instant as before', () => {
    expect(() => wibDay(new Date(Number.NaN))).toThrow(RangeError);
  });
});
