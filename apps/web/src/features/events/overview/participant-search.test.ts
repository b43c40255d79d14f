import { describe, expect, it } from 'vitest';
import { searchProblem } from './participant-search';

describe('participant search rules (spec section 5)', () => {
  it('allows numbers only for No Telp', () => {
    expect(searchProblem('phoneNumber', '0812')).toBeNull();
    expect(searchProblem('phoneNumber', '08a')).toBe('Input Number Only');
  });
  it('allows letters, digits, - _ @ . for Email', () => {
    expect(searchProblem('email', 'budi_s-1@mail.id')).toBeNull();
    expect(searchProblem('email', 'budi s')).toBe('Input Alphabet, Number, (-), (_), (@), (.) Only');
  });
  it('takes any name', () => {
    expect(searchProblem('name', "Siti Nur'aini")).toBeNull();
  });
});
