import { describe, expect, it } from 'vitest';
import { REPEAT_IGNORE_MS, scanGate } from './scan-gate';

describe('scanGate', () => {
  it('ignores the same code until 5 s after its result, passes another code at once', () => {
    expect(REPEAT_IGNORE_MS).toBe(5000);
    const gate = scanGate();
    expect(gate.pass('A', 0)).toBe(true);
    // Still being answered: ignored however long the answer takes.
    expect(gate.pass('A', 3000)).toBe(false);
    gate.answered('A', 3000);
    expect(gate.pass('A', 3000 + 2000)).toBe(false);
    expect(gate.pass('A', 3000 + REPEAT_IGNORE_MS - 1)).toBe(false);
    expect(gate.pass('A', 3000 + REPEAT_IGNORE_MS)).toBe(true);
  });

  it('another code is passed at once and becomes the one ignored', () => {
    const gate = scanGate();
    expect(gate.pass('A', 0)).toBe(true);
    gate.answered('A', 100);
    expect(gate.pass('B', 200)).toBe(true);
    gate.answered('B', 300);
    expect(gate.pass('A', 400)).toBe(true);
    expect(gate.pass('B', 500)).toBe(true);
  });
});
