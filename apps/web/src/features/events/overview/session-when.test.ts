import { describe, expect, it } from 'vitest';
import { sessionWhen } from './session-when';

describe('sessionWhen', () => {
  it('writes the WIB day and hours, a session past midnight UTC on its WIB day', () => {
    // 06:30 and 08:00 WIB on Saturday 12 Dec 2026 are still Friday in UTC.
    expect(sessionWhen({ startsAt: '2026-12-11T23:30:00.000Z', endsAt: '2026-12-12T01:00:00.000Z' })).toBe('Sabtu, 12 Des 2026 · 06:30–08:00 WIB');
  });
});
