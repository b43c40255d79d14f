import { describe, expect, it } from 'vitest';
import { absoluteUrl } from './public-html.js';

describe('absoluteUrl', () => {
  it.each([
    ['/files/2026/11/a.png', 'https://eo.contoh.id/files/2026/11/a.png'],
    ['https://cdn.contoh.id/a.png', 'https://cdn.contoh.id/a.png'],
    ['HTTP://cdn.contoh.id/a.png', 'HTTP://cdn.contoh.id/a.png'],
    // Protocol-relative, relative and other schemes name no address of ours: none.
    ['//penyerang.contoh/a.png', null], ['files/a.png', null], ['javascript:alert(1)', null], ['', null], [null, null], [undefined, null],
  ])('%j -> %j', (url, expected) => expect(absoluteUrl('https://eo.contoh.id', url)).toBe(expected));
});
