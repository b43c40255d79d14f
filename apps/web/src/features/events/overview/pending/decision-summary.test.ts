import { describe, expect, it } from 'vitest';
import type { DecisionResult } from '@eo/contract';
import { mergeRefusals, refusalText, summarizeDecision } from './decision-summary';

const names = new Map([['r1', 'Sari'], ['r2', 'Yoga'], ['r3', 'Dewi']]);

describe('summarizeDecision', () => {
  it('counts the approved and names each person refused with why', () => {
    const result: DecisionResult = [
      { registrantId: 'r1', outcome: 'approved' }, { registrantId: 'r2', outcome: 'TICKET_SOLD_OUT' }, { registrantId: 'r3', outcome: 'NOT_PENDING' },
    ];
    const summary = summarizeDecision('approve', result, names);
    expect(summary.done).toBe('1 disetujui');
    expect(summary.refused.map(refusalText)).toEqual(['Yoga: kuota tiket habis', 'Dewi: sudah tidak menunggu']);
  });

  it('counts the declined; no toast when nobody was decided; an unknown id is shown as itself', () => {
    expect(summarizeDecision('decline', [{ registrantId: 'r1', outcome: 'declined' }, { registrantId: 'r2', outcome: 'declined' }], names))
      .toEqual({ done: '2 ditolak', refused: [] });
    expect(summarizeDecision('approve', [{ registrantId: 'x9', outcome: 'NOT_PENDING' }], names))
      .toEqual({ done: null, refused: [{ registrantId: 'x9', name: 'x9', outcome: 'NOT_PENDING' }] });
  });
});

describe('mergeRefusals', () => {
  it('drops the old line of a person decided again and appends the new refusals', () => {
    const kept = summarizeDecision('approve', [{ registrantId: 'r1', outcome: 'TICKET_SOLD_OUT' }, { registrantId: 'r2', outcome: 'TICKET_SOLD_OUT' }], names).refused;
    const result: DecisionResult = [{ registrantId: 'r1', outcome: 'approved' }, { registrantId: 'r3', outcome: 'NOT_PENDING' }];
    const merged = mergeRefusals(kept, result, summarizeDecision('approve', result, names).refused);
    expect(merged.map(refusalText)).toEqual(['Yoga: kuota tiket habis', 'Dewi: sudah tidak menunggu']);
  });
});
