import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fill, WAITLIST_TEXT as T, type WaitlistEntry } from '@eo/contract';
import { eventDetailFixture } from '../../../../test/event-detail';
import { stubMatchMedia } from '../../../../test/match-media';
import { json, mockApi } from '../../../../test/mock-api';
import { renderPage } from '../../../../test/render-page';
import { WaitlistTab } from './WaitlistTab';

const BASE = '/v1/events/ev-1/waitlist';
const place = (id: string, name: string, over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id, position: null, name, email: `${name.toLowerCase()}@contoh.id`, ticketId: 't1', ticketName: 'Reguler', status: 'waiting',
  offeredUntil: null, createdAt: '2026-11-01T03:00:00.000Z', ...over,
});
const PLACES = [
  place('w1', 'Sari', { position: 1, status: 'offered', offeredUntil: '2026-11-02T03:00:00.000Z' }),
  place('w2', 'Yoga', { position: 2 }),
  place('w3', 'Dewi', { status: 'accepted' }),
  place('w4', 'Budi', { status: 'removed' }),
];
const page = (docs: WaitlistEntry[], total = docs.length) => ({ data: { docs, page: 1, limit: 10, totalDocs: total, totalPages: Math.ceil(total / 10) } });

/** The list, and the removal endpoint taking a place off it as the server does (the next one moves up). */
function open() {
  let places = [...PLACES];
  const api = mockApi({
    [`GET ${BASE}`]: () => json(200, page(places)),
    [`DELETE ${BASE}/w1`]: () => {
      places = places.map((p) => (p.id === 'w1' ? { ...p, status: 'removed', position: null, offeredUntil: null } : p.id === 'w2' ? { ...p, position: 1 } : p));
      return new Response(null, { status: 204 });
    },
  });
  const rendered = renderPage(<WaitlistTab event={eventDetailFixture({ id: 'ev-1' })} />);
  return { ...api, ...rendered };
}

/** The table, clickable once its loading veil (pointer-events: none) is gone. */
async function loaded() {
  await screen.findByText('Sari');
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
}
const row = (name: string) => within(screen.getByText(name).closest('tr')!);

afterEach(() => vi.unstubAllGlobals());

describe('Daftar Tunggu tab', () => {
  it('lists each place with its position, status, offer deadline and join date, under the line on offers', async () => {
    const { calls } = open();
    await loaded();
    screen.getByText('Kursi yang kosong ditawarkan otomatis ke urutan pertama selama 24 jam.');
    const asked = calls().find((c) => c.key === `GET ${BASE}`)!.url;
    expect(asked.searchParams.get('page')).toBe('1');
    expect(asked.searchParams.get('limit')).toBe('10');
    const sari = row('Sari');
    sari.getByText('1');
    sari.getByText('sari@contoh.id');
    sari.getByText('Reguler');
    sari.getByText(T.statuses.offered);
    // WIB: 03:00 UTC is 10:00.
    sari.getByText('2 Nov 2026 10:00');
    sari.getByText('1 Nov 2026 10:00');
    row('Yoga').getByText(T.statuses.waiting);
    const dewi = row('Dewi');
    dewi.getByText(T.statuses.accepted);
    // No position and no deadline once out of the queue.
    expect(dewi.getAllByText('-')).toHaveLength(2);
    row('Budi').getByText(T.statuses.removed);
  });

  it('offers Hapus only to the places still queued', async () => {
    open();
    await loaded();
    row('Sari').getByRole('button', { name: fill(T.removeOne, { name: 'Sari' }) });
    row('Yoga').getByRole('button', { name: fill(T.removeOne, { name: 'Yoga' }) });
    expect(row('Dewi').queryByRole('button')).toBeNull();
    expect(row('Budi').queryByRole('button')).toBeNull();
  });

  it('removes a place once confirmed, then reads the list again', async () => {
    const { user, calls } = open();
    await loaded();
    await user.click(screen.getByRole('button', { name: fill(T.removeOne, { name: 'Sari' }) }));
    const confirm = await screen.findByText(fill(T.removeConfirm, { name: 'Sari' }));
    expect(calls().some((c) => c.key === `DELETE ${BASE}/w1`)).toBe(false);
    await user.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: T.remove }));
    await screen.findByText(fill(T.removed, { name: 'Sari' }));
    expect(calls().filter((c) => c.key.startsWith('DELETE'))).toHaveLength(1);
    expect(calls().find((c) => c.key.startsWith('DELETE'))!.url.pathname).toBe(`${BASE}/w1`);
    await waitFor(() => expect(row('Sari').queryByText(T.statuses.offered)).toBeNull());
    row('Sari').getByText(T.statuses.removed);
    row('Yoga').getByText('1');
  });

  it('sends nothing when the confirmation is dismissed', async () => {
    const { user, calls } = open();
    await loaded();
    await user.click(screen.getByRole('button', { name: fill(T.removeOne, { name: 'Yoga' }) }));
    const confirm = await screen.findByText(fill(T.removeConfirm, { name: 'Yoga' }));
    await user.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: T.cancel }));
    expect(calls().some((c) => c.key.startsWith('DELETE'))).toBe(false);
  });

  it('asks for the next page with the page number', async () => {
    mockApi({ [`GET ${BASE}`]: (url) => json(200, page(url.searchParams.get('page') === '2' ? [place('w11', 'Rina', { position: 11 })] : PLACES, 11)) });
    const { user } = renderPage(<WaitlistTab event={eventDetailFixture({ id: 'ev-1' })} />);
    await loaded();
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await screen.findByText('Rina');
  });

  it('shows the empty text when nobody has queued', async () => {
    mockApi({ [`GET ${BASE}`]: () => json(200, page([])) });
    renderPage(<WaitlistTab event={eventDetailFixture({ id: 'ev-1' })} />);
    await screen.findByText(T.empty);
  });

  it('at 375 px lists cards with their Hapus, and no table to scroll sideways', async () => {
    stubMatchMedia((query) => Number(/max-width: (\d+)px/.exec(query)?.[1] ?? 0) >= 375);
    const { user, calls } = open();
    await screen.findByText('Sari');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(screen.getByRole('list', { name: T.title })).getAllByRole('listitem')).toHaveLength(4);
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    await user.click(screen.getByRole('button', { name: fill(T.removeOne, { name: 'Sari' }) }));
    const confirm = await screen.findByText(fill(T.removeConfirm, { name: 'Sari' }));
    await user.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: T.remove }));
    await waitFor(() => expect(calls().some((c) => c.key === `DELETE ${BASE}/w1`)).toBe(true));
  });
});
