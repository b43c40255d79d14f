import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fill, PENDING_TEXT as T, type DecisionResult, type Registrant } from '@eo/contract';
import { eventDetailFixture } from '../../../../test/event-detail';
import { stubMatchMedia } from '../../../../test/match-media';
import { json, mockApi } from '../../../../test/mock-api';
import { renderPage } from '../../../../test/render-page';
import { PendingTab } from './PendingTab';

const BASE = '/v1/events/ev-1/registrations';
const person = (id: string, name: string, over: Partial<Registrant> = {}): Registrant => ({
  id, createdAt: '2026-11-01T03:00:00.000Z', name, email: `${name.toLowerCase()}@contoh.id`, phoneNumber: '0812', ticketId: 't1', ticketType: 'Undangan',
  status: 'pending', userRegisteredStep: [], checkedInAt: null, checkedInBy: null, ...over,
});
const PEOPLE = [
  person('r1', 'Sari', { userRegisteredStep: [{ questionId: 'q1', stepDetail: 'Instansi', result: 'UI' }, { questionId: 'q2', stepDetail: 'KTM', result: 'ktm.jpg', files: [{ fileId: 'f1', name: 'ktm.jpg' }] }] }),
  person('r2', 'Yoga', { userRegisteredStep: [{ questionId: 'q1', stepDetail: 'Instansi', result: 'ITB' }] }),
  person('r3', 'Dewi'),
];
const QUESTIONS = [{ id: 'q1', name: 'Instansi', ticketId: null }, { id: 'q2', name: 'KTM', ticketId: 't1' }];
const page = (docs: Registrant[]) => ({ data: { docs, page: 1, limit: 10, totalDocs: docs.length, totalPages: 1, nextCursor: null, questions: QUESTIONS } });

/** The pending list (shrinking as people are decided) and the decisions endpoint answering `outcome` per id. */
function open(outcome: (id: string, decision: string) => DecisionResult[number]['outcome'] = (_, d) => (d === 'approve' ? 'approved' : 'declined')) {
  let waiting = [...PEOPLE];
  const api = mockApi({
    [`GET ${BASE}/pending`]: () => json(200, page(waiting)),
    [`POST ${BASE}/decisions`]: (_u, init) => {
      const body = JSON.parse(String(init.body)) as { registrantIds: string[]; decision: string };
      const result = body.registrantIds.map((registrantId) => ({ registrantId, outcome: outcome(registrantId, body.decision) }));
      waiting = waiting.filter((r) => !result.some((x) => x.registrantId === r.id && (x.outcome === 'approved' || x.outcome === 'declined')));
      return json(200, { data: { result } });
    },
  });
  const rendered = renderPage(<PendingTab event={eventDetailFixture({ id: 'ev-1' })} />);
  const decisions = () => api.calls().filter((c) => c.key === `POST ${BASE}/decisions`).map((c) => JSON.parse(String(c.init?.body)) as unknown);
  return { ...api, ...rendered, decisions };
}

/** The table, clickable once its loading veil (pointer-events: none) is gone. */
async function loaded() {
  await screen.findByText('Sari');
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
}

/** An open dialog (a closed one stays in the DOM while it leaves). */
const dialog = async () => within(await waitFor(() => {
  const d = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((el) => !el.closest('[class*="-leave"]'));
  if (!d) throw new Error('no dialog');
  return d;
}));

/** A bulk button (its name starts with its icon's). */
const bulk = (text: string) => screen.getByRole('button', { name: new RegExp(`${text}$`) });

afterEach(() => vi.unstubAllGlobals());

describe('Persetujuan tab', () => {
  it('lists the pending people oldest first with their contact, ticket and every answer', async () => {
    const { calls } = open();
    await loaded();
    const asked = calls().find((c) => c.key === `GET ${BASE}/pending`)!.url;
    expect(asked.searchParams.get('sortBy')).toBe('asc');
    expect(asked.searchParams.get('sortParam')).toBe('createdAt');
    const sari = within(screen.getByText('Sari').closest('tr')!);
    sari.getByText('sari@contoh.id');
    sari.getByText('0812');
    sari.getByText('Undangan');
    sari.getByText('UI');
    sari.getByRole('button', { name: /ktm\.jpg/ });
    screen.getByRole('columnheader', { name: 'Instansi' });
  });

  it('opens an answer file through the event\'s participants', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:berkas'), revokeObjectURL: vi.fn() }));
    const { user, calls, fetchMock } = open();
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url: URL, init?: RequestInit) => (url.pathname.includes('/answer-files/')
      ? new Response(new Blob(['jpg']), { status: 200, headers: { 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="ktm.jpg"' } })
      : base(url, init)));
    await loaded();
    await user.click(screen.getByRole('button', { name: /ktm\.jpg/ }));
    await waitFor(() => expect(calls().map((c) => c.key)).toContain('GET /v1/events/ev-1/participants/answer-files/f1'));
  });

  it('approves the two people checked in one call, toasts the count and reads both lists again', async () => {
    const { user, decisions, client } = open();
    await loaded();
    // A participant list seen earlier: the approved join it.
    const participants = ['registrants', 'ev-1', { page: 1 }];
    client.setQueryData(participants, { docs: [] });
    const approve = bulk(T.approve);
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: fill(T.selectOne, { name: 'Sari' }) }));
    await user.click(screen.getByRole('checkbox', { name: fill(T.selectOne, { name: 'Yoga' }) }));
    screen.getByText(fill(T.selected, { n: 2 }));
    await user.click(approve);
    await screen.findByText(fill(T.approved, { n: 2 }));
    expect(decisions()).toEqual([{ registrantIds: ['r1', 'r2'], decision: 'approve' }]);
    await waitFor(() => expect(screen.queryByText('Sari')).toBeNull());
    screen.getByText('Dewi');
    expect(screen.queryByText(fill(T.selected, { n: 2 }))).toBeNull();
    expect(client.getQueryState(participants)?.isInvalidated).toBe(true);
  });

  it('declines the checked people with the reason written in the dialog', async () => {
    const { user, decisions } = open();
    await loaded();
    await user.click(screen.getByRole('checkbox', { name: fill(T.selectOne, { name: 'Yoga' }) }));
    await user.click(bulk(T.decline));
    const d = await dialog();
    d.getByText(fill(T.declineWho, { name: 'Yoga' }));
    await user.type(d.getByLabelText(T.reason), 'Kuota undangan khusus alumni');
    await user.click(d.getByRole('button', { name: T.decline }));
    await screen.findByText(fill(T.declined, { n: 1 }));
    expect(decisions()).toEqual([{ registrantIds: ['r2'], decision: 'decline', reason: 'Kuota undangan khusus alumni' }]);
  });

  it('decides one person from their row; a decline without a reason sends none', async () => {
    const { user, decisions } = open();
    await loaded();
    await user.click(screen.getByRole('button', { name: fill(T.declineOne, { name: 'Dewi' }) }));
    await user.click((await dialog()).getByRole('button', { name: T.decline }));
    await screen.findByText(fill(T.declined, { n: 1 }));
    await user.click(screen.getByRole('button', { name: fill(T.approveOne, { name: 'Sari' }) }));
    await screen.findByText(fill(T.approved, { n: 1 }));
    expect(decisions()).toEqual([
      { registrantIds: ['r3'], decision: 'decline' },
      { registrantIds: ['r1'], decision: 'approve' },
    ]);
  });

  it('names each person left undecided with why, until the alert is dismissed', async () => {
    const { user } = open((id) => (id === 'r2' ? 'TICKET_SOLD_OUT' : id === 'r3' ? 'NOT_PENDING' : 'approved'));
    await loaded();
    for (const name of ['Sari', 'Yoga', 'Dewi']) await user.click(screen.getByRole('checkbox', { name: fill(T.selectOne, { name }) }));
    await user.click(bulk(T.approve));
    const alert = await waitFor(() => screen.getByText(fill(T.refusedTitle, { n: 2 })).closest('.ant-alert') as HTMLElement);
    within(alert).getByText(fill(T.refused.TICKET_SOLD_OUT, { name: 'Yoga' }));
    within(alert).getByText(fill(T.refused.NOT_PENDING, { name: 'Dewi' }));
    screen.getByText(fill(T.approved, { n: 1 }));
    // Still there once the list was read again (Sari approved, off the list).
    await waitFor(() => expect(screen.queryByText('Sari')).toBeNull());
    within(alert).getByText(fill(T.refused.TICKET_SOLD_OUT, { name: 'Yoga' }));
    await user.click(within(alert).getByRole('button'));
    await waitFor(() => expect(screen.queryByText(fill(T.refused.TICKET_SOLD_OUT, { name: 'Yoga' }))).toBeNull());
  });

  it('shows the empty text when nobody is waiting', async () => {
    mockApi({ [`GET ${BASE}/pending`]: () => json(200, page([])) });
    renderPage(<PendingTab event={eventDetailFixture({ id: 'ev-1' })} />);
    await screen.findByText(T.empty);
  });

  it('at 375 px lists cards, each with its checkbox and buttons, and no table to scroll sideways', async () => {
    stubMatchMedia((query) => Number(/max-width: (\d+)px/.exec(query)?.[1] ?? 0) >= 375);
    const { user, decisions } = open();
    await screen.findByText('Sari');
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(screen.getByRole('list', { name: T.title })).getAllByRole('listitem')).toHaveLength(3);
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: fill(T.selectOne, { name: 'Dewi' }) }));
    await user.click(bulk(T.approve));
    await screen.findByText(fill(T.approved, { n: 1 }));
    expect(decisions()).toEqual([{ registrantIds: ['r3'], decision: 'approve' }]);
  });
});
