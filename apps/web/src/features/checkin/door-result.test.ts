import { describe, expect, it } from 'vitest';
import { CHECKIN_ID } from '@eo/contract';
import { fromOutcome, toneOf } from './door-result';

describe('the door\'s result of a sync answer', () => {
  it('a scan for a session removed since reads as such, not as an unknown code', () => {
    const result = fromOutcome(CHECKIN_ID.sessionNotFound, {});
    expect(result).toEqual({ kind: 'sessionGone' });
    expect(toneOf(result!)).toBe('bad');
    expect(fromOutcome(CHECKIN_ID.ticketNotFound, {})).toEqual({ kind: 'unknown' });
    expect(fromOutcome('SOMETHING_ELSE', {})).toBeUndefined();
  });
});
