import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { clear, createStore } from 'idb-keyval';
import { CHECKIN_ID, CHECKIN_MSG, CHECKIN_TEXT as T, fill, type CheckinSummary, type OfflinePack } from '@eo/contract';
import { eventDetailFixture } from '../../test/event-detail';
import { json, mockApi } from '../../test/mock-api';
import { renderPage } from '../../test/render-page';
import { CheckinPage } from './CheckinPage';

const BASE = '/v1/events/e1/checkins';
const sha = (code: string) => createHash('sha256').update(code).digest('hex').slice(0, 24);
const summary = (over: Partial<CheckinSummary> = {}): CheckinSummary => ({
  registered: 10, checkedIn: 3,
  byTicket: [{ ticketId: 't1', name: 'Reguler', registered: 6, checkedIn: 2 }, { ticketId: 't2', name: 'VIP', registered: 4, checkedIn: 1 }],
  recent: [{ registrantId: 'r9', name: 'Dewi', ticketName: 'VIP', at: '2026-11-24T02:05:00.000Z', by: 'Ani', undone: false, sessionId: null }],
  sessions: [],
  ...over,
});
const pack: OfflinePack = {
  eventId: 'e1', generatedAt: '2026-11-24T01:00:00.000Z', hash: { algorithm: 'sha256', hexLength: 24 },
  tickets: [{ ticketId: 't1', name: 'Reguler' }, { ticketId: 't2', name: 'VIP' }],
  sessions: [],
  entries: [{ hash: sha('KODE-SATU'), name: 'Sari', ticket: 1, checkedIn: false, sessions: [] }, { hash: sha('KODE-DUA'), name: 'Budi', ticket: 0, checkedIn: true, sessions: [] }],
};
type Handlers = Parameters<typeof mockApi>[0];

function open(handlers: Handlers = {}) {
  const api = mockApi({
    'GET /v1/events/detail': () => json(200, { data: { result: eventDetailFixture({ id: 'e1', name: 'Konser Kampus', registrationMethod: 'internal' }) } }),
    [`GET ${BASE}/summary`]: () => json(200, { data: { result: summary() } }),
    [`GET ${BASE}/offline-pack`]: () => json(200, { data: { result: pack } }),
    ...handlers,
  });
  const page = renderPage(<CheckinPage />, { path: '/event/:id/checkin', route: '/event/e1/checkin' });
  return { ...api, ...page };
}
const status = () => screen.getByRole('status');
async function typeCode(user: ReturnType<typeof open>['user'], code: string) {
  await user.type(screen.getByLabelText(T.code), code);
  await user.click(screen.getByRole('button', { name: new RegExp(T.check) }));
}
const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => { window.dispatchEvent(new Event(online ? 'online' : 'offline')); });
};

const vibrate = vi.fn();
beforeEach(() => {
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
});
afterEach(async () => {
  vi.restoreAllMocks();
  // TanStack Query heard the 'offline' event once for all tests: a test ending offline would pause the next one's queries.
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vibrate.mockReset();
  await clear(createStore('eo-checkin', 'kv'));
});

describe('the check-in screen', () => {
  it('shows the heading, the event, the scanner, the counters overall and per category, and the recent check-ins', async () => {
    open();
    screen.getByRole('heading', { level: 1, name: T.title });
    await screen.findByText('Konser Kampus');
    screen.getByRole('button', { name: /Mulai pindai/ });
    expect(screen.getByLabelText(T.camera).tagName).toBe('VIDEO');
    await screen.findByText('Sudah check-in 3 / 10');
    expect(screen.getByText('VIP').nextSibling?.textContent).toBe('1 / 4');
    const recent = screen.getByRole('heading', { name: T.recent }).parentElement!;
    within(recent).getByText('Dewi');
    within(recent).getByText(/VIP · 09:05 · oleh Ani/);
    screen.getByText(T.online);
  });

  it('a typed code takes the scan\'s path: each answer of the API as its result, with a vibration', async () => {
    const answers = [
      json(201, { data: { result: { registrantId: 'r1', name: 'Sari', ticketName: 'VIP', checkedInAt: '2026-11-24T02:00:00.000Z', checkedInBy: 'Budi' } }, message: CHECKIN_MSG.checkedIn }),
      json(409, { message: CHECKIN_MSG.alreadyCheckedIn, messageId: CHECKIN_ID.alreadyCheckedIn, data: { registrantId: 'r2', name: 'Budi', ticketName: 'Reguler', checkedInAt: '2026-11-24T01:58:00.000Z', checkedInBy: 'Ani' } }),
      json(404, { message: CHECKIN_MSG.ticketNotFound, messageId: CHECKIN_ID.ticketNotFound }),
      json(409, { message: CHECKIN_MSG.wrongEvent, messageId: CHECKIN_ID.wrongEvent }),
      json(409, { message: CHECKIN_MSG.refunded, messageId: CHECKIN_ID.refunded, data: { name: 'Sari', ticketName: 'VIP' } }),
      json(409, { message: CHECKIN_MSG.notConfirmed, messageId: CHECKIN_ID.notConfirmed }),
    ];
    const { user, calls } = open({ [`POST ${BASE}`]: () => answers.shift() });
    await screen.findByText('Sudah check-in 3 / 10');
    const polled = calls().filter((c) => c.key === `GET ${BASE}/summary`).length;

    await typeCode(user, ' KODE-SATU ');
    await waitFor(() => within(status()).getByRole('heading', { name: T.ok }));
    within(status()).getByText('Sari');
    within(status()).getByText('VIP');
    expect(vibrate).toHaveBeenLastCalledWith(80);
    const post = calls().find((c) => c.key === `POST ${BASE}`)!;
    expect(JSON.parse(post.init!.body as string)).toEqual({ code: 'KODE-SATU', deviceId: expect.any(String) });
    // Our own check-in refreshes the counters at once.
    await waitFor(() => expect(calls().filter((c) => c.key === `GET ${BASE}/summary`).length).toBeGreaterThan(polled));

    // Checked in earlier by another scanner: the warning, with who and when.
    await typeCode(user, 'KODE-DUA');
    await waitFor(() => within(status()).getByRole('heading', { name: T.already }));
    within(status()).getByText('Pukul 08:58 WIB oleh Ani');
    expect(status().className).toContain('checkin-result-warn');
    expect(vibrate).toHaveBeenLastCalledWith([120, 80, 120]);

    for (const title of [T.unknown, T.wrongEvent, T.refunded, T.notConfirmed]) {
      await typeCode(user, 'KODE-LAIN');
      await waitFor(() => within(status()).getByRole('heading', { name: title }));
    }
    expect(status().className).toContain('checkin-result-bad');
    expect(vibrate).toHaveBeenCalledTimes(6);
  });

  it('search: checks a registrant in by hand, and undoes another\'s check-in', async () => {
    let checkedIn = false;
    const row = (id: string, name: string, at: string | null) => ({ registrantId: id, name, email: `${id}@contoh.id`, phoneNumber: null, ticketName: 'Reguler', checkedInAt: at, checkedInBy: at ? 'Ani' : null });
    const { user, calls } = open({
      [`GET ${BASE}/search`]: (url) => json(200, { data: { results: url.searchParams.get('q') === 'sari' ? [row('r1', 'Sari', checkedIn ? '2026-11-24T02:00:00.000Z' : null), row('r2', 'Sarinah', '2026-11-24T01:00:00.000Z')] : [] } }),
      [`POST ${BASE}`]: () => { checkedIn = true; return json(201, { data: { result: { registrantId: 'r1', name: 'Sari', ticketName: 'Reguler', checkedInAt: '2026-11-24T02:00:00.000Z', checkedInBy: 'Budi' } } }); },
      [`DELETE ${BASE}/r2`]: () => new Response(null, { status: 204 }),
    });
    await user.type(screen.getByLabelText(T.search), 'sari');
    const sari = (await screen.findByText('Sari', { selector: '.checkin-list-name' })).closest('li')!;
    await user.click(within(sari).getByRole('button', { name: new RegExp(`^${T.checkIn}$`) }));
    await waitFor(() => within(status()).getByRole('heading', { name: T.ok }));
    expect(JSON.parse(calls().find((c) => c.key === `POST ${BASE}`)!.init!.body as string)).toEqual({ registrantId: 'r1', deviceId: expect.any(String) });
    // The list is asked again: Sari now offers the undo.
    await waitFor(() => within(screen.getByText('Sari', { selector: '.checkin-list-name' }).closest('li')!).getByRole('button', { name: new RegExp(T.undo) }));

    const sarinah = screen.getByText('Sarinah').closest('li')!;
    await user.click(within(sarinah).getByRole('button', { name: new RegExp(T.undo) }));
    await waitFor(() => expect(calls().some((c) => c.key === `DELETE ${BASE}/r2`)).toBe(true));
    await screen.findByText('Check-in Sarinah dibatalkan');
  });
});

describe('the same ticket again', () => {
  const done = { registrantId: 'r1', name: 'Sari', ticketName: 'VIP', checkedInAt: '2026-11-24T02:00:00.000Z', checkedInBy: 'Budi' };
  const duplicate = (data: object) => json(409, { message: CHECKIN_MSG.alreadyCheckedIn, messageId: CHECKIN_ID.alreadyCheckedIn, data });

  it('let in by this scanner a moment ago: "sudah masuk" with the time, calm, not the duplicate\'s warning', async () => {
    const answers = [json(201, { data: { result: done } }), duplicate(done)];
    const { user } = open({ [`POST ${BASE}`]: () => answers.shift() });
    await typeCode(user, 'KODE-SATU');
    await waitFor(() => within(status()).getByRole('heading', { name: T.ok }));

    await typeCode(user, 'KODE-SATU');
    await waitFor(() => within(status()).getByRole('heading', { name: fill(T.again, { time: '09:00' }) }));
    within(status()).getByText('Sari');
    within(status()).getByText(T.againHere);
    expect(within(status()).queryByText(/oleh Budi/)).toBeNull();
    expect(status().className).toContain('checkin-result-calm');
    expect(vibrate).toHaveBeenLastCalledWith(40);
  });

  it('the same ticket checked in by this scanner, then undone and checked in elsewhere: the warning', async () => {
    const again = { ...done, checkedInAt: '2026-11-24T02:03:00.000Z', checkedInBy: 'Ani' };
    const answers = [json(201, { data: { result: done } }), duplicate(again)];
    const { user } = open({ [`POST ${BASE}`]: () => answers.shift() });
    await typeCode(user, 'KODE-SATU');
    await waitFor(() => within(status()).getByRole('heading', { name: T.ok }));
    await typeCode(user, 'KODE-SATU');
    await waitFor(() => within(status()).getByRole('heading', { name: T.already }));
    within(status()).getByText('Pukul 09:03 WIB oleh Ani');
    expect(status().className).toContain('checkin-result-warn');
  });
});

describe('offline', () => {
  it('judges scans against the kept pack, queues the check-ins, and syncs them when back online', async () => {
    let synced: unknown;
    const { user, calls } = open({
      [`POST ${BASE}/sync`]: (_url, init) => {
        synced = JSON.parse(init.body as string);
        return json(200, { data: { results: [{ outcome: CHECKIN_ID.alreadyCheckedIn, message: CHECKIN_MSG.alreadyCheckedIn, name: 'Sari', checkedInAt: '2026-11-24T01:58:00.000Z', checkedInBy: 'Ani' }] } });
      },
    });
    await waitFor(() => expect(calls().some((c) => c.key === `GET ${BASE}/offline-pack`)).toBe(true));
    await screen.findByText('Sudah check-in 3 / 10');
    setOnline(false);
    await screen.findByText(T.offline);

    await typeCode(user, 'KODE-SATU');
    await waitFor(() => within(status()).getByRole('heading', { name: T.ok }));
    within(status()).getByText('Sari');
    within(status()).getByText(T.offlinePending);
    await screen.findByText('Menunggu sinkron: 1');

    // Scanned here a moment ago: already in, calmly; checked in per the pack: already; not in the pack: unknown. None is queued.
    await typeCode(user, 'KODE-SATU');
    await waitFor(() => within(status()).getByRole('heading', { name: new RegExp(`^${T.again.replace('{time} WIB', '')}\\d\\d:\\d\\d WIB$`) }));
    expect(status().className).toContain('checkin-result-calm');
    await typeCode(user, 'KODE-DUA');
    await waitFor(() => within(status()).getByText('Budi'));
    within(status()).getByRole('heading', { name: T.already });
    await typeCode(user, 'KODE-TIGA');
    await waitFor(() => within(status()).getByRole('heading', { name: T.unknown }));
    screen.getByText('Menunggu sinkron: 1');
    expect(calls().some((c) => c.key === `POST ${BASE}`)).toBe(false);

    setOnline(true);
    await waitFor(() => expect(synced).toEqual({ scans: [{ code: 'KODE-SATU', scannedAt: expect.any(String), deviceId: expect.any(String) }] }));
    await waitFor(() => expect(screen.queryByText(/Menunggu sinkron/)).toBeNull());
    screen.getByText(T.online);
    // The server's answer differs (another scanner was first): shown.
    const notice = await screen.findByRole('alert');
    within(notice).getByText(T.syncDiffers);
    expect(within(notice).getByText(/Sari/).parentElement!.textContent).toContain(CHECKIN_MSG.alreadyCheckedIn);
  });

  it.each([
    ['checked in', { outcome: CHECKIN_ID.checkedIn, message: CHECKIN_MSG.checkedIn, registrantId: 'r1', name: 'Sari', ticketName: 'VIP', checkedInAt: '2026-11-24T02:00:00.000Z', checkedInBy: 'Budi' }, T.ok, null],
    ['another scanner was first', { outcome: CHECKIN_ID.alreadyCheckedIn, message: CHECKIN_MSG.alreadyCheckedIn, name: 'Sari', ticketName: 'VIP', checkedInAt: '2026-11-24T01:58:00.000Z', checkedInBy: 'Ani' }, T.already, 'Pukul 08:58 WIB oleh Ani'],
  ])('once synced, the result of an offline check-in shows the server\'s answer (%s), no longer "waiting"', async (_, answer, title, line) => {
    const { user, calls } = open({ [`POST ${BASE}/sync`]: () => json(200, { data: { results: [answer] } }) });
    await waitFor(() => expect(calls().some((c) => c.key === `GET ${BASE}/offline-pack`)).toBe(true));
    await screen.findByText('Sudah check-in 3 / 10');
    setOnline(false);
    await typeCode(user, 'KODE-SATU');
    await waitFor(() => within(status()).getByText(T.offlinePending));

    setOnline(true);
    await waitFor(() => expect(within(status()).queryByText(T.offlinePending)).toBeNull());
    within(status()).getByRole('heading', { name: title });
    within(status()).getByText('Sari');
    if (line) within(status()).getByText(line);
    expect(calls().filter((c) => c.key === `POST ${BASE}/sync`)).toHaveLength(1);
  });

  it('search offline: names found in the offline pack with their state and no buttons, instead of the server\'s answers', async () => {
    const row = { registrantId: 'r1', name: 'Sari', email: 'r1@contoh.id', phoneNumber: null, ticketName: 'VIP', checkedInAt: null, checkedInBy: null };
    const { user, calls } = open({ [`GET ${BASE}/search`]: () => json(200, { data: { results: [row] } }) });
    await waitFor(() => expect(calls().some((c) => c.key === `GET ${BASE}/offline-pack`)).toBe(true));
    const card = screen.getByLabelText(T.search).closest('section')!;
    const button = () => within(card).queryByRole('button', { name: new RegExp(`^(${T.checkIn}|${T.undo})$`) });
    await user.type(screen.getByLabelText(T.search), 'sari');
    await waitFor(() => expect(button()).not.toBeNull());
    const searched = calls().filter((c) => c.key === `GET ${BASE}/search`).length;

    setOnline(false);
    await within(card).findByText(fill(T.searchOffline, { time: '24 Nov 2026 08:00 WIB' }));
    expect(button()).toBeNull();
    const sari = within(card).getByText('Sari', { selector: '.checkin-list-name' }).closest('li')!;
    within(sari).getByText('VIP');
    within(sari).getByText(T.searchStateOut);

    await user.clear(screen.getByLabelText(T.search));
    await user.type(screen.getByLabelText(T.search), 'BUD');
    const budi = (await within(card).findByText('Budi', { selector: '.checkin-list-name' })).closest('li')!;
    within(budi).getByText(T.searchStateIn);

    // Scanned here offline: checked in, though the pack was made before.
    await typeCode(user, 'KODE-SATU');
    await screen.findByText('Menunggu sinkron: 1');
    await user.clear(screen.getByLabelText(T.search));
    await user.type(screen.getByLabelText(T.search), 'sari');
    await waitFor(() => within(within(card).getByText('Sari', { selector: '.checkin-list-name' }).closest('li')!).getByText(T.searchStateIn));
    expect(button()).toBeNull();
    expect(calls().filter((c) => c.key === `GET ${BASE}/search`)).toHaveLength(searched);
  });

  it('search offline without an offline pack: says it needs a connection', async () => {
    open({ [`GET ${BASE}/offline-pack`]: () => json(500, { message: 'rusak' }) });
    await screen.findByText('Sudah check-in 3 / 10');
    setOnline(false);
    await screen.findByText(T.searchOfflineNoPack);
  });

  it('a check-in that cannot reach the server is judged offline and queued', async () => {
    const { user, calls } = open({ [`POST ${BASE}`]: () => { throw new TypeError('Failed to fetch'); } });
    await waitFor(() => expect(calls().some((c) => c.key === `GET ${BASE}/offline-pack`)).toBe(true));
    await screen.findByText('Sudah check-in 3 / 10');
    await typeCode(user, 'KODE-SATU');
    await waitFor(() => within(status()).getByText(T.offlinePending));
    screen.getByText(T.offline);
    await screen.findByText('Menunggu sinkron: 1');
  });
});

describe('the check-in screen of an event with sessions', () => {
  const HOUR = 3_600_000;
  const now = Date.now();
  const sessions = [
    { id: 's1', name: 'Sesi Pagi', startsAt: new Date(now - 2 * HOUR).toISOString(), endsAt: new Date(now - HOUR).toISOString() },
    { id: 's2', name: 'Sesi Siang', startsAt: new Date(now - HOUR / 2).toISOString(), endsAt: new Date(now + HOUR).toISOString() },
  ];
  const withSessions = (handlers: Handlers = {}) => open({
    'GET /v1/events/detail': () => json(200, { data: { result: eventDetailFixture({ id: 'e1', name: 'Seminar Dua Sesi', registrationMethod: 'internal', sessions }) } }),
    [`GET ${BASE}/summary`]: () => json(200, { data: { result: summary({ sessions: [{ ...sessions[0]!, checkedIn: 4 }, { ...sessions[1]!, checkedIn: 2 }] }) } }),
    [`GET ${BASE}/offline-pack`]: () => json(200, {
      data: { result: { ...pack, sessions, entries: [{ hash: sha('KODE-SATU'), name: 'Sari', ticket: 1, checkedIn: true, sessions: [0] }] } },
    }),
    ...handlers,
  });
  const ok = json(201, { data: { result: { registrantId: 'r1', name: 'Sari', ticketName: 'VIP', checkedInAt: new Date().toISOString(), checkedInBy: 'Budi' } } });

  it('starts on the session running now, counts it, and checks in to it; another session chosen is kept', async () => {
    const { user, calls } = withSessions({ [`POST ${BASE}`]: () => ok });
    await screen.findByText('Hadir di sesi ini: 2 / 10');
    const picker = screen.getByRole('combobox', { name: T.session });
    expect(picker.closest('.ant-select')!.textContent).toContain('Sesi Siang');
    await typeCode(user, 'KODE-SATU');
    await waitFor(() => within(status()).getByRole('heading', { name: T.ok }));
    const body = () => JSON.parse(calls().filter((c) => c.key === `POST ${BASE}`).at(-1)!.init!.body as string);
    expect(body()).toEqual({ code: 'KODE-SATU', deviceId: expect.any(String), sessionId: 's2' });

    await user.click(picker);
    await user.click(await screen.findByText('Sesi Pagi'));
    await screen.findByText('Hadir di sesi ini: 4 / 10');
    expect(localStorage.getItem('eo.checkin.session.e1')).toBe('s1');
    await typeCode(user, 'KODE-SATU');
    await waitFor(() => expect(body().sessionId).toBe('s1'));
  });

  it('offline: a ticket attended in another session is let in for this one, queued and synced with the session', async () => {
    localStorage.removeItem('eo.checkin.session.e1');
    let synced: unknown;
    const { user, calls } = withSessions({
      [`POST ${BASE}/sync`]: (_url, init) => {
        synced = JSON.parse(init.body as string);
        return json(200, { data: { results: [{ outcome: CHECKIN_ID.checkedIn, message: CHECKIN_MSG.checkedIn, name: 'Sari', checkedInAt: new Date().toISOString() }] } });
      },
    });
    await waitFor(() => expect(calls().some((c) => c.key === `GET ${BASE}/offline-pack`)).toBe(true));
    await screen.findByText('Hadir di sesi ini: 2 / 10');
    setOnline(false);
    await screen.findByText(T.offline);
    await typeCode(user, 'KODE-SATU');
    await waitFor(() => within(status()).getByRole('heading', { name: T.ok }));
    await screen.findByText('Menunggu sinkron: 1');
    setOnline(true);
    await waitFor(() => expect(synced).toEqual({ scans: [{ code: 'KODE-SATU', scannedAt: expect.any(String), deviceId: expect.any(String), sessionId: 's2' }] }));
  });
});
