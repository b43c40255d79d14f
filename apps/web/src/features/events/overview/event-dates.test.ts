import { describe, expect, it } from 'vitest';
import { groupEventDates } from './event-dates';

describe('groupEventDates', () => {
  it('lists a day once when two categories differ only in hours, naming each category with its hours', () => {
    const groups = groupEventDates([
      { name: 'Reguler', dates: [{ date: '2026-12-12', startHour: '09:00', endHour: '12:00' }] },
      { name: 'VIP', dates: [{ date: '2026-12-12', startHour: '13:00', endHour: '15:00' }] },
    ]);
    expect(groups).toEqual([{
      date: '2026-12-12', hours: null,
      byCategory: [{ name: 'Reguler', hours: '09:00–12:00' }, { name: 'VIP', hours: '13:00–15:00' }],
    }]);
  });

  it('one line per day when the hours agree; days in order; no hours stays without hours', () => {
    const groups = groupEventDates([
      { name: 'A', dates: [{ date: '2026-12-13', startHour: '09:00', endHour: '12:00' }, { date: '2026-12-12', startHour: '09:00', endHour: '12:00' }] },
      { name: 'B', dates: [{ date: '2026-12-12', startHour: '09:00', endHour: '12:00' }, { date: '2026-12-14' }] },
      { name: 'C', dates: null },
    ]);
    expect(groups).toEqual([
      { date: '2026-12-12', hours: '09:00–12:00', byCategory: [] },
      { date: '2026-12-13', hours: '09:00–12:00', byCategory: [] },
      { date: '2026-12-14', hours: null, byCategory: [] },
    ]);
  });
});
