import { describe, expect, it } from 'vitest';
import type { AttendanceHour } from '@eo/contract';
import { attendanceBars, TICK_ROOM } from './attendance-bars';

const day = (date: string, counts: Record<number, number> = {}): AttendanceHour[] =>
  Array.from({ length: 24 }, (_, hour) => ({ day: date, hour, count: counts[hour] ?? 0 }));
const ticks = (slots: { tick: string }[]) => slots.map((s) => s.tick).filter(Boolean);
/** The smallest distance between two labels, in slots. */
const closest = (slots: { tick: string }[]) => {
  const at = slots.flatMap((s, i) => (s.tick ? [i] : []));
  return Math.min(...at.slice(1).map((x, i) => x - at[i]!));
};

describe('attendanceBars', () => {
  it('one WIB day: hours only, every hour when there is room', () => {
    expect(attendanceBars([{ day: '2026-03-01', hour: 9, count: 2 }, { day: '2026-03-01', hour: 10, count: 0 }], 600)).toEqual([
      { slot: '0', label: '09:00', tick: '09:00', count: 2 },
      { slot: '1', label: '10:00', tick: '10:00', count: 0 },
    ]);
  });

  it('several days: each hour with its day; the day written on its first label; midnight follows 23:00 without a gap', () => {
    const slots = attendanceBars([{ day: '2026-02-28', hour: 23, count: 1 }, { day: '2026-03-01', hour: 0, count: 0 }, { day: '2026-03-01', hour: 1, count: 0 }], 600);
    expect(slots.map((s) => s.label)).toEqual(['28/2 23:00', '1/3 00:00', '1/3 01:00']);
    expect(slots.map((s) => s.tick)).toEqual(['28/2 23:00', '1/3 00:00', '01:00']);
  });

  it('check-ins the day before the event stand apart, labelled with their own day and hour, however narrow the chart', () => {
    // Scanned on 1 December at 10:00 and 11:00 (a rehearsal), the event on 2 December.
    const hours = [{ day: '2026-12-01', hour: 10, count: 4 }, { day: '2026-12-01', hour: 11, count: 1 }, ...day('2026-12-02', { 9: 30 })];
    for (const width of [240, 500, 900, 1400]) {
      const slots = attendanceBars(hours, width);
      expect(slots[0]).toEqual({ slot: '0', label: '1/12 10:00', tick: '1/12 10:00', count: 4 });
      expect(slots[1]).toMatchObject({ label: '1/12 11:00', count: 1 });
      // An empty gap, then the event's first hour starts its own labelled stretch.
      const first = slots.findIndex((s) => s.label === '2/12 00:00');
      expect(first).toBeGreaterThan(2);
      expect(slots.slice(2, first).every((s) => s.count === null && !s.tick && !s.label)).toBe(true);
      expect(slots[first]!.tick).toBe('2/12 00:00');
      expect(slots.filter((s) => s.count !== null).map((s) => s.label)).toEqual(hours.map((h) => `${Number(h.day.slice(8))}/12 ${String(h.hour).padStart(2, '0')}:00`));
      // Every label is its slot's own hour, with room for it.
      for (const s of slots) if (s.tick) expect(s.label.endsWith(s.tick)).toBe(true);
      expect((width / slots.length) * closest(slots)).toBeGreaterThanOrEqual(TICK_ROOM);
    }
    // A phone's plot (240 px): every third hour.
    expect(ticks(attendanceBars(hours, 240))).toEqual(['1/12 10:00', '2/12 00:00', '03:00', '06:00', '09:00', '12:00', '15:00', '18:00', '21:00']);
  });

  it('a gap of hours on the same day starts a new labelled stretch', () => {
    const slots = attendanceBars([{ day: '2026-03-01', hour: 7, count: 1 }, { day: '2026-03-01', hour: 8, count: 0 }, { day: '2026-03-01', hour: 20, count: 2 }], 600);
    expect(slots.map((s) => s.tick)).toEqual(['07:00', '08:00', '', '20:00']);
    expect(slots[2]!.count).toBeNull();
  });
});
