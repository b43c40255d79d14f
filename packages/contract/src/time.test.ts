import { describe, expect, it } from 'vitest';
import { fromWibInput, wibInputValue } from './time.js';

describe('datetime-local fields on the WIB clock', () => {
  it('reads and writes the fields on the WIB clock, whatever the device zone', () => {
    expect(wibInputValue(new Date('2026-11-24T02:30:00Z'))).toBe('2026-11-24T09:30');
    expect(fromWibInput('2026-11-24T09:30')).toBe('2026-11-24T02:30:00.000Z');
    expect(fromWibInput('2026-12-31T23:59')).toBe('2026-12-31T16:59:00.000Z');
    expect(fromWibInput('')).toBeNull();
    expect(fromWibInput('besok')).toBeNull();
  });
});
