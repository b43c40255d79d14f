import { describe, expect, it } from 'vitest';
import { contains } from './like.js';

describe('LIKE patterns', () => {
  it('matches what a user typed literally: %, _ and \\ escaped', () => {
    expect(contains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
