import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { OVERVIEW_TEXT, PENDING_TEXT, SESSION_ATTENDANCE_TEXT, WAITLIST_TEXT, WITHDRAW_MSG, WITHDRAW_OWN_MSG, type EventDetail, type OrgRole } from '@eo/contract';
import { eventDetailFixture } from '../../../test/event-detail';
import { actAs, forgetOrganization } from '../../../test/organizations';
import { renderPage } from '../../../test/render-page';
import { EventOverviewPage } from './EventOverviewPage';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const pastEvent = (over: Partial<EventDetail> = {}) => eventDetailFixture({
  id: 'e1', name: 'Konser Amal', isDraft: false, isPaidEvent: true, registrationMethod: 'internal', approvedStatus: 'approved',
  lastEventAt: '2026-01-01T00:00:00.000Z', type: 'Konser', tickets: [], ...over,
});

function open(event: EventDetail, blockedReason: string | null) {
  const coinCalls = vi.fn(() => json({ data: { result: { _id: 'c1', eventName: 'Konser Amal', coinAmount: 100_000, status: 'Not Processed', bankAccount: null, withdrawalBlockedReason: blockedReason, verification: null } } }));
  vi.stubGlobal('fetch', vi.fn(async (url: URL) => {
    if (url.pathname === '/v1/events/detail') return json({ data: { result: event } });
    if (url.pathname === '/v1/transactions/eo/coin') return coinCalls();
    return json({ data: {} });
  }));
  const { user } = renderPage(<EventOverviewPage group="history" />, {
    path: '/event/history/overview/:id', route: '/event/history/overview/e1', stubs: { '/event/:id/withdrawal': 'withdrawal page' },
  });
  return { coinCalls, user };
}
const button = async () => (await screen.findByText('Tarik Penjualan')).closest('button') as HTMLButtonElement;

describe('Tarik Penjualan on a past event\'s overview', () => {
  it('is enabled when the coin account allows a withdrawal, and opens the withdrawal page', async () => {
    const { user } = open(pastEvent(), null);
    const b = await button();
    await waitFor(() => expect(b.disabled).toBe(false));
    await user.click(b);
    await screen.findByText('withdrawal page');
  });

  it('is disabled for a free internally registered event, with the reason as its tooltip', async () => {
    const { user } = open(pastEvent({ isPaidEvent: false }), WITHDRAW_MSG.freeInternal);
    const b = await button();
    expect(b.disabled).toBe(true);
    expect(b.getAttribute('aria-describedby')).toBe('overview-withdraw-reason');
    expect(document.getElementById('overview-withdraw-reason')!.textContent).toBe(WITHDRAW_MSG.freeInternal);
    await user.hover(b.closest('.overview-withdraw')!);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', WITHDRAW_MSG.freeInternal);
  });

  it('is disabled while a withdrawal is pending, with the reason as its tooltip', async () => {
    const { user } = open(pastEvent(), WITHDRAW_OWN_MSG.pending);
    const b = await button();
    await waitFor(() => expect(screen.queryByText('Memeriksa status penarikan…')).toBeNull());
    await waitFor(() => expect(b.disabled).toBe(true));
    await user.hover(b.closest('.overview-withdraw')!);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', WITHDRAW_OWN_MSG.pending);
    await user.click(b);
    expect(screen.queryByText('withdrawal page')).toBeNull();
  });
});

describe('Persetujuan tab', () => {
  const tickets = (requiresApproval: boolean) => [{ id: 't1', name: 'Undangan', requiresApproval }] as unknown as EventDetail['tickets'];
  function openAs(role: OrgRole, event: EventDetail) {
    vi.stubGlobal('fetch', vi.fn(async (url: URL) => {
      if (url.pathname === '/v1/events/detail') return json({ data: { result: event } });
      return json({ data: { docs: [], page: 1, limit: 10, totalDocs: 0, totalPages: 0, nextCursor: null, questions: [] } });
    }));
    const { client, user } = renderPage(<EventOverviewPage group="active" />, { path: '/event/active/overview/:id', route: '/event/active/overview/e1?tab=pending' });
    actAs(client, role);
    return user;
  }

  it('opens for an owner on an event with a ticket that requires approval', async () => {
    openAs('owner', pastEvent({ tickets: tickets(true) }));
    await screen.findByRole('tab', { name: OVERVIEW_TEXT.tabs.pending });
    await screen.findByText(PENDING_TEXT.empty);
  });

  it('is not there for staff, and the address does not open it', async () => {
    openAs('staff', pastEvent({ tickets: tickets(true) }));
    await screen.findByRole('tab', { name: OVERVIEW_TEXT.tabs.participant });
    expect(screen.queryByRole('tab', { name: OVERVIEW_TEXT.tabs.pending })).toBeNull();
    expect(screen.getByRole('tab', { name: OVERVIEW_TEXT.tabs.general }).getAttribute('aria-selected')).toBe('true');
  });

  it('is not there for an owner when no ticket requires approval', async () => {
    openAs('owner', pastEvent({ tickets: tickets(false) }));
    await screen.findByRole('tab', { name: OVERVIEW_TEXT.tabs.participant });
    expect(screen.queryByRole('tab', { name: OVERVIEW_TEXT.tabs.pending })).toBeNull();
  });
});

describe('Daftar Tunggu tab', () => {
  const tickets = (waitlist: boolean) => [{ id: 't1', name: 'Reguler', type: 'free', waitlist }] as unknown as EventDetail['tickets'];
  function openAs(role: OrgRole, event: EventDetail) {
    vi.stubGlobal('fetch', vi.fn(async (url: URL) => {
      if (url.pathname === '/v1/events/detail') return json({ data: { result: event } });
      return json({ data: { docs: [], page: 1, limit: 10, totalDocs: 0, totalPages: 0, nextCursor: null, questions: [] } });
    }));
    const { client } = renderPage(<EventOverviewPage group="active" />, { path: '/event/active/overview/:id', route: '/event/active/overview/e1?tab=waitlist' });
    actAs(client, role);
  }

  it('opens for an admin on an event with a ticket that keeps a waiting list', async () => {
    openAs('admin', pastEvent({ tickets: tickets(true) }));
    await screen.findByRole('tab', { name: OVERVIEW_TEXT.tabs.waitlist });
    await screen.findByText(WAITLIST_TEXT.empty);
  });

  it('is not there for staff, and the address does not open it', async () => {
    openAs('staff', pastEvent({ tickets: tickets(true) }));
    await screen.findByRole('tab', { name: OVERVIEW_TEXT.tabs.participant });
    expect(screen.queryByRole('tab', { name: OVERVIEW_TEXT.tabs.waitlist })).toBeNull();
    expect(screen.getByRole('tab', { name: OVERVIEW_TEXT.tabs.general }).getAttribute('aria-selected')).toBe('true');
  });

  it('is not there for an owner when no ticket keeps a waiting list', async () => {
    openAs('owner', pastEvent({ tickets: tickets(false) }));
    await screen.findByRole('tab', { name: OVERVIEW_TEXT.tabs.participant });
    expect(screen.queryByRole('tab', { name: OVERVIEW_TEXT.tabs.waitlist })).toBeNull();
  });
});

describe('General Information', () => {
  it('lists the event\'s sessions in start order with their WIB day and hours', async () => {
    open(pastEvent({
      sessions: [
        { id: 's1', name: 'Pembukaan', startsAt: '2026-12-12T02:00:00.000Z', endsAt: '2026-12-12T03:15:00.000Z' },
        { id: 's2', name: 'Diskusi panel', startsAt: '2026-12-12T03:30:00.000Z', endsAt: '2026-12-12T05:00:00.000Z' },
      ],
    }), null);
    const items = (await screen.findByText('Pembukaan')).closest('ol')!.querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual([
      'Pembukaan · Sabtu, 12 Des 2026 · 09:00–10:15 WIB',
      'Diskusi panel · Sabtu, 12 Des 2026 · 10:30–12:00 WIB',
    ]);
    screen.getByText(OVERVIEW_TEXT.sessions);
  });

  it('has no sessions line for an event attended as one', async () => {
    open(pastEvent(), null);
    await screen.findByText('Konser Amal', { selector: 'h2' });
    expect(screen.queryByText(OVERVIEW_TEXT.sessions)).toBeNull();
  });
});

describe('Kehadiran tab', () => {
  const SESSIONS = [{ id: 's1', name: 'Pembukaan', startsAt: '2026-12-12T02:00:00.000Z', endsAt: '2026-12-12T03:15:00.000Z' }];
  function openAs(role: OrgRole, event: EventDetail) {
    vi.stubGlobal('fetch', vi.fn(async (url: URL) => {
      if (url.pathname === '/v1/events/detail') return json({ data: { result: event } });
      if (url.pathname === '/v1/events/e1/attendance') {
        return json({ data: { docs: [], page: 1, limit: 10, totalDocs: 0, totalPages: 0, sessions: SESSIONS.map((s) => ({ ...s, attended: 0 })) } });
      }
      return json({ data: { docs: [], page: 1, limit: 10, totalDocs: 0, totalPages: 0, nextCursor: null, questions: [] } });
    }));
    const { client } = renderPage(<EventOverviewPage group="active" />, { path: '/event/active/overview/:id', route: '/event/active/overview/e1?tab=attendance' });
    actAs(client, role);
  }

  it('opens for staff on an event held in sessions', async () => {
    openAs('staff', pastEvent({ sessions: SESSIONS }));
    await screen.findByRole('tab', { name: OVERVIEW_TEXT.tabs.attendance });
    await screen.findByText(SESSION_ATTENDANCE_TEXT.empty);
  });

  it('is not there on an event attended as one, and the address does not open it', async () => {
    openAs('owner', pastEvent());
    await screen.findByRole('tab', { name: OVERVIEW_TEXT.tabs.participant });
    expect(screen.queryByRole('tab', { name: OVERVIEW_TEXT.tabs.attendance })).toBeNull();
    expect(screen.getByRole('tab', { name: OVERVIEW_TEXT.tabs.general }).getAttribute('aria-selected')).toBe('true');
  });
});
