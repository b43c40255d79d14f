import { describe, expect, it } from 'vitest';
import { REPEAT_IGNORE_MS, scanGate } from './scan-gate';

describe('scanGate', () => {
  it('ignores the same code for 2 s, passes another code at once', () => {
    const pass = scanGate();
    expect(pass('A', 0)).toBe(true);
    expect(pass('A', 200)).toBe(false);
    expect(pass('A', REPEAT_IGNORE_MS - 1)).toBe(false);
    expect(pass('B', REPEAT_IGNORE_MS - 1)).toBe(true);
    expect(pass('A', REPEAT_IGNORE_MS)).toBe(true);
    expect(pass('A', REPEAT_IGNORE_MS + 100)).toBe(false);
    expect(pass('A', 2 * REPEAT_IGNORE_MS + 100)).toBe(true);
  });
});
