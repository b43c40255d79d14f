import { describe, expect, it } from 'vitest';
import { contains, prefixRange, startsWith } from './like.js';

describe('LIKE patterns and prefix ranges', () => {
  it('matches what a user typed literally: %, _ and \\ escaped', () => {
    expect(contains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(startsWith('a_b')).toBe('a\\_b%');
  });

  it('turns a prefix into the byte range of text_pattern_ops, for printable ASCII only', () => {
    expect(prefixRange('p6@')).toEqual({ from: 'p6@', to: 'p6A' });
    expect(prefixRange('0812')).toEqual({ from: '0812', to: '0813' });
    expect(prefixRange('a}')).toEqual({ from: 'a}', to: 'a~' });
    for (const text of ['ümit', 'a~', 'tab\there', '']) expect(prefixRange(text), text).toBeUndefined();
  });
});
