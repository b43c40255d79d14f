import { describe, expect, it } from 'vitest';
import { roleAllows, type OrgRole } from '@eo/contract';
import { currentTab, enabledTabs, overviewTabs } from './overview-tabs';

describe('overview tab rules (spec section 2)', () => {
  it('enables Insight only for internal registration that is approved; Participant and Ticket for internal registration', () => {
    expect(enabledTabs({ registrationMethod: 'internal', approvedStatus: 'approved' })).toEqual({ general: true, insight: true, participant: true, pending: false, waitlist: false, ticket: true, attendance: false, evaluation: true });
    expect(enabledTabs({ registrationMethod: 'internal', approvedStatus: 'pending' })).toEqual({ general: true, insight: false, participant: true, pending: false, waitlist: false, ticket: true, attendance: false, evaluation: true });
    expect(enabledTabs({ registrationMethod: 'external', approvedStatus: 'approved' })).toEqual({ general: true, insight: false, participant: false, pending: false, waitlist: false, ticket: false, attendance: false, evaluation: false });
    expect(enabledTabs({ registrationMethod: null, approvedStatus: null })).toEqual({ general: true, insight: false, participant: false, pending: false, waitlist: false, ticket: false, attendance: false, evaluation: false });
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
    expect(overviewTabs(approval, as('staff')).shown).toEqual(['general', 'insight', 'participant', 'evaluation']);
    expect(overviewTabs(approval, as('finance')).shown).toEqual(['general', 'insight', 'participant', 'ticket', 'evaluation']);
    expect(overviewTabs(approval, as('owner')).shown).toEqual(['general', 'insight', 'participant', 'pending', 'ticket', 'evaluation']);
  });
});

describe('Daftar Tunggu', () => {
  const as = (role: OrgRole) => (action: Parameters<typeof roleAllows>[1]) => roleAllows(role, action);
  const queued = { registrationMethod: 'internal', approvedStatus: 'approved', tickets: [{ waitlist: false }, { waitlist: true }] };
  const none = { ...queued, tickets: [{ waitlist: false, requiresApproval: true }] };

  it('shows and enables it to an owner or admin when a ticket keeps a waiting list, after Persetujuan', () => {
    for (const role of ['owner', 'admin'] as const) {
      const { shown, enabled } = overviewTabs(queued, as(role));
      expect(shown).toEqual(['general', 'insight', 'participant', 'waitlist', 'ticket', 'evaluation']);
      expect(currentTab('waitlist', enabled)).toBe('waitlist');
    }
    expect(overviewTabs({ ...queued, tickets: [{ waitlist: true, requiresApproval: true }] }, as('owner')).shown)
      .toEqual(['general', 'insight', 'participant', 'pending', 'waitlist', 'ticket', 'evaluation']);
  });

  it('hides it from staff and finance, and when no ticket keeps a waiting list; the URL cannot open it then', () => {
    for (const role of ['staff', 'finance'] as const) {
      const { shown, enabled } = overviewTabs(queued, as(role));
      expect(shown).not.toContain('waitlist');
      expect(currentTab('waitlist', enabled)).toBe('general');
    }
    const { shown, enabled } = overviewTabs(none, as('owner'));
    expect(shown).not.toContain('waitlist');
    expect(currentTab('waitlist', enabled)).toBe('general');
    expect(overviewTabs({ registrationMethod: 'internal', tickets: null }, as('admin')).shown).not.toContain('waitlist');
  });

  it('is disabled on an event that does not register on our platform', () => {
    expect(overviewTabs({ ...queued, registrationMethod: 'external' }, as('owner')).enabled.waitlist).toBe(false);
  });
});

describe('Evaluasi', () => {
  const as = (role: OrgRole) => (action: Parameters<typeof roleAllows>[1]) => roleAllows(role, action);
  const internal = { registrationMethod: 'internal', approvedStatus: 'pending', tickets: [] };

  it('shows and enables it to every role on an event registering on our platform, last', () => {
    for (const role of ['owner', 'admin', 'staff', 'finance'] as const) {
      const { shown, enabled } = overviewTabs(internal, as(role));
      expect(shown.at(-1)).toBe('evaluation');
      expect(enabled.evaluation).toBe(true);
      expect(currentTab('evaluation', enabled)).toBe('evaluation');
    }
  });

  it('is disabled, and cannot be opened from the URL, on an external or unset registration', () => {
    for (const registrationMethod of ['external', null]) {
      const { shown, enabled } = overviewTabs({ ...internal, registrationMethod }, as('owner'));
      expect(shown).toContain('evaluation');
      expect(enabled.evaluation).toBe(false);
      expect(currentTab('evaluation', enabled)).toBe('general');
    }
  });
});

describe('Kehadiran', () => {
  const as = (role: OrgRole) => (action: Parameters<typeof roleAllows>[1]) => roleAllows(role, action);
  const inSessions = { registrationMethod: 'internal', approvedStatus: 'approved', tickets: [], sessions: [{ id: 's1' }, { id: 's2' }] };

  it('shows and enables it to every role on an event held in sessions, before Evaluasi', () => {
    for (const role of ['owner', 'admin', 'staff', 'finance'] as const) {
      const { shown, enabled } = overviewTabs(inSessions, as(role));
      expect(shown.slice(-2)).toEqual(['attendance', 'evaluation']);
      expect(currentTab('attendance', enabled)).toBe('attendance');
    }
  });

  it('is not there on an event attended as one, and the URL cannot open it', () => {
    for (const sessions of [[], null, undefined]) {
      const { shown, enabled } = overviewTabs({ ...inSessions, sessions }, as('owner'));
      expect(shown).not.toContain('attendance');
      expect(currentTab('attendance', enabled)).toBe('general');
    }
  });

  it('is disabled on an event that does not register on our platform', () => {
    const { shown, enabled } = overviewTabs({ ...inSessions, registrationMethod: 'external' }, as('owner'));
    expect(shown).toContain('attendance');
    expect(currentTab('attendance', enabled)).toBe('general');
  });
});
