import { describe, expect, it } from 'vitest';
import { ATTENDANCE_FULL_DAYS, wibInstant } from '@eo/contract';
import { attendanceHours } from './attendance-hours.js';

const hourOf = (iso: string) => Date.parse(iso) / 3_600_000;
const at = (day: string, hour = '00:00') => wibInstant(day, hour);

describe('attendanceHours', () => {
  it('a check-in at 02:30 UTC falls in 09:00 WIB', () => {
    const hours = attendanceHours(new Map([[Math.floor(hourOf('2026-03-01T02:30:00Z')), 3]]), { firstEventAt: null, lastEventAt: null });
    expect(hours).toEqual([{ day: '2026-03-01', hour: 9, count: 3 }]);
  });

  it('a two-day event: 48 hours from 00:00 WIB of its first day, check-ins after it appended in order', () => {
    const counts = new Map([[hourOf('2026-03-02T17:00:00Z'), 1], [hourOf('2026-03-01T01:00:00Z'), 4]]);
    const hours = attendanceHours(counts, { firstEventAt: at('2026-03-01', '08:00'), lastEventAt: at('2026-03-02', '17:00') });
    expect(hours).toHaveLength(49);
    expect(hours[0]).toEqual({ day: '2026-03-01', hour: 0, count: 0 });
    expect(hours[8]).toEqual({ day: '2026-03-01', hour: 8, count: 4 });
    expect(hours[47]).toEqual({ day: '2026-03-02', hour: 23, count: 0 });
    expect(hours[48]).toEqual({ day: '2026-03-03', hour: 0, count: 1 });
  });

  it(`an event longer than ${ATTENDANCE_FULL_DAYS} days shows only the hours with check-ins`, () => {
    const counts = new Map([[hourOf('2026-03-05T03:00:00Z'), 2]]);
    const hours = attendanceHours(counts, { firstEventAt: at('2026-03-01'), lastEventAt: at('2026-03-31', '17:00') });
    expect(hours).toEqual([{ day: '2026-03-05', hour: 10, count: 2 }]);
  });

  it('names each hour\'s WIB day and hour as a Date would, across a year\'s end', () => {
    const first = Math.floor(hourOf('2026-12-28T00:00:00Z'));
    const counts = new Map(Array.from({ length: 24 * 10 }, (_, i) => [first + i, i] as [number, number]));
    const hours = attendanceHours(counts, { firstEventAt: null, lastEventAt: null });
    expect(hours).toHaveLength(240);
    hours.forEach((h, i) => {
      const wib = new Date((first + i) * 3_600_000 + 7 * 3_600_000);
      expect(h).toEqual({ day: wib.toISOString().slice(0, 10), hour: wib.getUTCHours(), count: i });
    });
    expect(hours.some((h) => h.day === '2027-01-01' && h.hour === 0)).toBe(true);
  });

  it('no dates and no check-ins: nothing', () => {
    expect(attendanceHours(new Map(), { firstEventAt: null, lastEventAt: null })).toEqual([]);
  });
});
