import { describe, expect, it } from 'vitest';
import { certificateText, detectDelimiter, isBlankAnswer, isBlankText } from './text.js';

describe('certificateText (the renderer and the editor alike)', () => {
  it.each([
    ['Lorem Ipsum Dolor Sit Aliquam.', 24, 'Lorem Ipsum Dolor Sit Al'],
    ['Lorem Ipsum Dolor Sit Aliquam.', 30, 'Lorem Ipsum Dolor Sit Aliquam.'],
    ['  Budi\n\tSantoso  ', 30, 'Budi Santoso'],
    ['  Siti\n Nur  Aisyah ', 8, 'Siti Nur'],
    ['Budi Santoso', 5, 'Budi'],
    ['Zoë 👩‍🎓 Putri', 5, 'Zoë 👩‍🎓'],
    ['José 👩‍👩‍👧 Ana', 6, 'José 👩‍👩‍👧'],
    ['abc', 0, ''],
  ])('%j cut at %d', (text, max, expected) => {
    expect(certificateText(text, max)).toBe(expected);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['Nama,Email\n', ','],
    ['Nama;Email\n', ';'],
    ['"Nama, lengkap";Email;Kota\n', ';'],
    ['"Nama; lengkap",Email\nx;y;z;w\n', ','],
    ['a;b;c\n1,2,3,4,5,6', ';'],
    ['a,b\n1;2;3;4', ','],
    ['Nama\n', ','],
  ])('%j → %s', (text, want) => expect(detectDelimiter(text)).toBe(want));
});

describe('isBlankText / isBlankAnswer', () => {
  it('takes whitespace and invisible format characters for nothing, and anything visible for text', () => {
    for (const blank of ['', '   ', '\n\t', '\u200B', '\u200C\u200D', '\uFEFF', '\u00AD', '\u2060 \u00A0', '\u200E\u200F']) expect(isBlankText(blank), JSON.stringify(blank)).toBe(true);
    for (const text of ['a', ' Sari ', '\u200BSari', '0', '😀', 'ي']) expect(isBlankText(text), text).toBe(false);
    expect([undefined, null, '\u200B ', []].map(isBlankAnswer)).toEqual([true, true, true, true]);
    expect([['A'], 'x', 0].map(isBlankAnswer)).toEqual([false, false, false]);
  });
});
