import { describe, expect, it } from 'vitest';
import { cutText } from './sample-text';

describe('cutText (as the server renders)', () => {
  it.each([
    ['Lorem Ipsum Dolor Sit Aliquam.', 24, 'Lorem Ipsum Dolor Sit Al'],
    ['Lorem Ipsum Dolor Sit Aliquam.', 30, 'Lorem Ipsum Dolor Sit Aliquam.'],
    ['  Budi\n\tSantoso  ', 30, 'Budi Santoso'],
    ['Budi Santoso', 5, 'Budi'],
    ['Zoë 👩‍🎓 Putri', 5, 'Zoë 👩‍🎓'],
    ['abc', 0, ''],
  ])('%j cut at %d', (text, max, expected) => {
    expect(cutText(text, max)).toBe(expected);
  });
});
