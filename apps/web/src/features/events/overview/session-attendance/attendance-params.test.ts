import { describe, expect, it } from 'vitest';
import { readAttendanceParams, writeAttendanceParams } from './attendance-params';

describe('the Kehadiran tab\'s URL', () => {
  it('reads the filter within the event\'s sessions and a page of 1 or more; anything else is the default', () => {
    expect(readAttendanceParams(new URLSearchParams('tab=attendance&min=2&page=3'), 2)).toEqual({ minSessions: 2, page: 3 });
    expect(readAttendanceParams(new URLSearchParams('tab=attendance'), 2)).toEqual({ minSessions: 0, page: 1 });
    expect(readAttendanceParams(new URLSearchParams('min=3&page=0'), 2)).toEqual({ minSessions: 0, page: 1 });
    expect(readAttendanceParams(new URLSearchParams('min=-1&page=1.5'), 2)).toEqual({ minSessions: 0, page: 1 });
    expect(readAttendanceParams(new URLSearchParams('min=abc&page=2x'), 2)).toEqual({ minSessions: 0, page: 1 });
  });

  it('writes them beside the tab and leaves the defaults out', () => {
    expect(writeAttendanceParams(new URLSearchParams('tab=attendance'), { minSessions: 1, page: 2 }).toString()).toBe('tab=attendance&min=1&page=2');
    expect(writeAttendanceParams(new URLSearchParams('tab=attendance&min=1&page=2'), { minSessions: 0, page: 1 }).toString()).toBe('tab=attendance');
  });
});
