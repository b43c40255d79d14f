import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { WITHDRAW_MSG, WITHDRAW_OWN_MSG, type EventDetail } from '@eo/contract';
import { eventDetailFixture } from '../../../test/event-detail';
import { renderPage } from '../../../test/render-page';
import { EventOverviewPage } from './EventOverviewPage';

afterEach(() => vi.unstubAllGlobals());

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
