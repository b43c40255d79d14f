import { describe, expect, it } from 'vitest';
import { ATTENDANCE_CODE_PATTERN } from '@eo/contract';
import { defaultWindow, randomAttendanceCode, windowState } from './attendance-window';

describe('attendance window helpers', () => {
  it('a random code is 8 readable characters the server accepts', () => {
    for (let i = 0; i < 50; i++) {
      const code = randomAttendanceCode();
      expect(code).toMatch(ATTENDANCE_CODE_PATTERN);
      expect(code).toMatch(/^[^O0I1]{8}$/);
    }
  });

  it('a new window opens this minute for an hour', () => {
    expect(defaultWindow(new Date('2026-11-24T02:30:45Z'))).toEqual({ opensAt: '2026-11-24T09:30', closesAt: '2026-11-24T10:30' });
  });

  it('open from opensAt up to (not at) closesAt', () => {
    const w = { opensAt: '2026-11-24T02:00:00.000Z', closesAt: '2026-11-24T03:00:00.000Z' };
    expect(windowState(w, new Date('2026-11-24T01:59:59Z'))).toBe('soon');
    expect(windowState(w, new Date('2026-11-24T02:00:00Z'))).toBe('open');
    expect(windowState(w, new Date('2026-11-24T03:00:00Z'))).toBe('closed');
  });
});
