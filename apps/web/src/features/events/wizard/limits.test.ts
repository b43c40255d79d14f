import { describe, expect, it } from 'vitest';
import { LIMIT } from './limits';

describe('wizard input limits come from the contract (spec section 9)', () => {
  it('match the spec', () => {
    expect(LIMIT).toMatchObject({
      name: 120, customText: 40, eoName: 60, whatsapp: 13, notes: 500, description: 5000,
      benefit: 40, eligibility: 40, step: 300, afterStep: 200, caption: 5000,
    });
    for (const v of Object.values(LIMIT)) expect(v).toBeGreaterThan(0);
  });
});
