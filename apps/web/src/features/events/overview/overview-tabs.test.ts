import { describe, expect, it } from 'vitest';
import { roleAllows, type OrgRole } from '@eo/contract';
import { currentTab, enabledTabs, overviewTabs } from './overview-tabs';

describe('overview tab rules (spec section 2)', () => {
  it('enables Insight only for internal registration that is approved; Participant and Ticket for internal registration', () => {
    expect(enabledTabs({ registrationMethod: 'internal', approvedStatus: 'approved' })).toEqual({ general: true, insight: true, participant: true, pending: false, ticket: true });
    expect(enabledTabs({ registrationMethod: 'internal', approvedStatus: 'pending' })).toEqual({ general: true, insight: false, participant: true, pending: false, ticket: true });
    expect(enabledTabs({ registrationMethod: 'external', approvedStatus: 'approved' })).toEqual({ general: true, insight: false, participant: false, pending: false, ticket: false });
    expect(enabledTabs({ registrationMethod: null, approvedStatus: null })).toEqual({ general: true, insight: false, participant: false, pending: false, ticket: false });
  });

  it('falls back to General Information for an unknown or disabled tab', () => {
    const external = enabledTabs({ registrationMethod: 'external', approvedStatus: 'approved' });
    expect(currentTab('ticket', external)).toBe('general');
    expect(currentTab('nonsense', external)).toBe('general');
    expect(currentTab('ticket', enabledTabs({ registrationMethod: 'internal' }))).toBe('ticket');
  });
});

describe('Persetujuan and the other tabs a role sees', () => {
  const as = (role: OrgRole) => (action: Parameters<typeof roleAllows>[1]) => roleAllows(role, action);
  const approval = { registrationMethod: 'internal', approvedStatus: 'approved', tickets: [{ requiresApproval: false }, { requiresApproval: true }] };
  const open = { ...approval, tickets: [{ requiresApproval: false }] };

  it('shows and enables Persetujuan to an owner or admin when a ticket requires approval', () => {
    for (const role of ['owner', 'admin'] as const) {
      const { shown, enabled } = overviewTabs(approval, as(role));
      expect(shown).toContain('pending');
      expect(enabled.pending).toBe(true);
      expect(currentTab('pending', enabled)).toBe('pending');
    }
  });

  it('hides it from staff and finance, and when no ticket requires approval; the URL cannot open it then', () => {
    for (const role of ['staff', 'finance'] as const) {
      const { shown, enabled } = overviewTabs(approval, as(role));
      expect(shown).not.toContain('pending');
      expect(currentTab('pending', enabled)).toBe('general');
    }
    const { shown, enabled } = overviewTabs(open, as('owner'));
    expect(shown).not.toContain('pending');
    expect(currentTab('pending', enabled)).toBe('general');
    expect(overviewTabs({ registrationMethod: 'internal', tickets: [] }, as('owner')).shown).not.toContain('pending');
  });

  it('hides Ticket from a role without sales, as before', () => {
    expect(overviewTabs(approval, as('staff')).shown).toEqual(['general', 'insight', 'participant']);
    expect(overviewTabs(approval, as('finance')).shown).toEqual(['general', 'insight', 'participant', 'ticket']);
    expect(overviewTabs(approval, as('owner')).shown).toEqual(['general', 'insight', 'participant', 'pending', 'ticket']);
  });
});
