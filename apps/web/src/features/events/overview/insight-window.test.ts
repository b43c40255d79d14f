import { describe, expect, it } from 'vitest';
import { insightWindow } from './insight-window';

describe('insightWindow', () => {
  const now = new Date('2026-11-21T18:30:00Z'); // 01:30 WIB on 22 Nov
  it('ends on the WIB day of now and spans 10 days', () => {
    expect(insightWindow(0, now)).toEqual({ from: '2026-11-13', to: '2026-11-22' });
  });
  it('moves back 10 days per step', () => {
    expect(insightWindow(1, now)).toEqual({ from: '2026-11-03', to: '2026-11-12' });
    expect(insightWindow(3, now)).toEqual({ from: '2026-10-14', to: '2026-10-23' });
  });
});
