import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { deadlineInstant, deadlineParts } from './cancellation-deadline';
import { fmtDate, fmtHour, parseHour } from './tickets/ticket-form';

describe('the cancellation deadline between pickers and the stored instant', () => {
  it('reads a stored instant as its WIB date and time, whatever the device zone', () => {
    const { date, hour } = deadlineParts('2026-12-09T17:30:00.000Z');
    expect([fmtDate(date), fmtHour(hour)]).toEqual(['2026-12-10', '00:30']);
    expect(deadlineParts(null)).toEqual({ date: null, hour: null });
  });

  it('writes a WIB date and time as an ISO instant, the end of the day without a time, null without a date', () => {
    expect(deadlineInstant(dayjs('2026-12-09'), parseHour('18:00'))).toBe('2026-12-09T11:00:00.000Z');
    expect(deadlineInstant(dayjs('2026-12-09'), null)).toBe('2026-12-09T16:59:00.000Z');
    expect(deadlineInstant(null, parseHour('18:00'))).toBeNull();
  });
});
