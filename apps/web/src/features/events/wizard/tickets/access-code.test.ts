import { describe, expect, it } from 'vitest';
import { ACCESS_CODE_PATTERN } from '@eo/contract';
import { hiddenTicketUrl, isAccessCode, randomAccessCode } from './access-code';

describe('hidden-ticket codes', () => {
  it('generates 8 unambiguous capitals and digits that the code rule accepts', () => {
    const codes = Array.from({ length: 200 }, randomAccessCode);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      expect(code).toMatch(ACCESS_CODE_PATTERN);
      expect(code).not.toMatch(/[01OIL]/);
    }
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('tells a usable code and builds the event link that carries it', () => {
    expect(isAccessCode(' VIP2026 ')).toBe(true);
    expect(isAccessCode('')).toBe(false);
    expect(isAccessCode(null)).toBe(false);
    expect(hiddenTicketUrl('e1', ' VIP2026 ', 'https://eo.example')).toBe('https://eo.example/e/e1?kode=VIP2026');
  });
});
