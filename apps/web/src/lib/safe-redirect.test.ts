import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    [null, '/'],
    ['', '/'],
    ['/event/history?page=2', '/event/history?page=2'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/login?from=/x', '/'],
  ])('%s → %s', (from, to) => expect(safeRedirect(from)).toBe(to));
});
