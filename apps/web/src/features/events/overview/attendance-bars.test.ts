import { describe, expect, it } from 'vitest';
import { attendanceBars } from './attendance-bars';

describe('attendanceBars', () => {
  it('one WIB day: hours only', () => {
    expect(attendanceBars([{ day: '2026-03-01', hour: 9, count: 2 }, { day: '2026-03-01', hour: 10, count: 0 }]))
      .toEqual([{ label: '09:00', count: 2 }, { label: '10:00', count: 0 }]);
  });

  it('several days: each hour with its day', () => {
    expect(attendanceBars([{ day: '2026-02-28', hour: 23, count: 1 }, { day: '2026-03-01', hour: 0, count: 0 }]).map((b) => b.label))
      .toEqual(['28/2 23:00', '1/3 00:00']);
  });
});
