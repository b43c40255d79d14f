import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, fromNow } from './dates';

describe('dates on the WIB clock, Indonesian', () => {
  it('D MMM YYYY HH:mm', () => {
    expect(formatDateTime('2026-11-21T16:30:00Z')).toBe('21 Nov 2026 23:30');
    expect(formatDateTime('2026-11-21T17:00:00Z')).toBe('22 Nov 2026 00:00');
  });
  it('dddd, D MMM YYYY', () => {
    expect(formatLongDate('2026-11-21T03:00:00Z')).toBe('Sabtu, 21 Nov 2026');
  });
  it('time since', () => {
    expect(fromNow('2026-11-18T00:00:00Z', '2026-11-21T00:00:00Z')).toBe('3 hari yang lalu');
  });
});
