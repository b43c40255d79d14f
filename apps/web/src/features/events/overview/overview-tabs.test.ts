import { describe, expect, it } from 'vitest';
import { currentTab, enabledTabs } from './overview-tabs';

describe('overview tab rules (spec section 2)', () => {
  it('enables Insight only for internal registration that is approved; Participant and Ticket for internal registration', () => {
    expect(enabledTabs({ registrationMethod: 'internal', approvedStatus: 'approved' })).toEqual({ general: true, insight: true, participant: true, ticket: true });
    expect(enabledTabs({ registrationMethod: 'internal', approvedStatus: 'pending' })).toEqual({ general: true, insight: false, participant: true, ticket: true });
    expect(enabledTabs({ registrationMethod: 'external', approvedStatus: 'approved' })).toEqual({ general: true, insight: false, participant: false, ticket: false });
    expect(enabledTabs({ registrationMethod: null, approvedStatus: null })).toEqual({ general: true, insight: false, participant: false, ticket: false });
  });

  it('falls back to General Information for an unknown or disabled tab', () => {
    const external = enabledTabs({ registrationMethod: 'external', approvedStatus: 'approved' });
    expect(currentTab('ticket', external)).toBe('general');
    expect(currentTab('nonsense', external)).toBe('general');
    expect(currentTab('ticket', enabledTabs({ registrationMethod: 'internal' }))).toBe('ticket');
  });
});
