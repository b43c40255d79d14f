import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fill, SESSION_ATTENDANCE_TEXT as T, type OrgRole, type SessionAttendance } from '@eo/contract';
import { eventDetailFixture } from '../../../../test/event-detail';
import { json, mockApi } from '../../../../test/mock-api';
import { actAs, forgetOrganization } from '../../../../test/organizations';
import { renderPage } from '../../../../test/render-page';
import { SessionAttendanceTab } from './SessionAttendanceTab';

const PATH = '/v1/events/ev-1/attendance';
// 09:00–10:00 and 13:00–15:30 WIB on Saturday 12 Dec 2026.
const SESSIONS = [
  { id: 's1', name: 'Pembukaan', startsAt: '2026-12-12T02:00:00.000Z', endsAt: '2026-12-12T03:00:00.000Z' },
  { id: 's2', name: 'Lokakarya', startsAt: '2026-12-12T06:00:00.000Z', endsAt: '2026-12-12T08:30:00.000Z' },
];
const EVENT = eventDetailFixture({ id: 'ev-1', registrationMethod: 'internal', sessions: SESSIONS });

const person = (n: number, sessionIds: string[]) => ({ registrantId: `r${n}`, name: `Peserta ${n}`, email: `peserta${n}@contoh.id`, sessionIds });
/** 25 confirmed participants: 1 to 5 attended both sessions, 6 to 15 the first only, the rest none. */
const PEOPLE = Array.from({ length: 25 }, (_, i) => person(i + 1, i < 5 ? ['s1', 's2'] : i < 15 ? ['s1'] : []));

/** The API as it answers: the page of those who attended at least `minSessions`, and every session's count. */
function answer(url: URL, people = PEOPLE): SessionAttendance {
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const min = Number(url.searchParams.get('minSessions') ?? 0);
  const matching = people.filter((p) => p.sessionIds.length >= min);
  return {
    docs: matching.slice((page - 1) * limit, page * limit), page, limit, totalDocs: matching.length, totalPages: Math.ceil(matching.length / limit),
    sessions: SESSIONS.map((s) => ({ ...s, attended: people.filter((p) => p.sessionIds.includes(s.id)).length })),
  };
}

function open(role: OrgRole = 'owner', { route = '/?tab=attendance', people = PEOPLE, fail = false } = {}) {
  const api = mockApi({ [`GET ${PATH}`]: (url) => (fail ? json(500, { message: 'Server sedang sibuk' }) : json(200, { data: answer(url, people) })) });
  const rendered = renderPage(<SessionAttendanceTab event={EVENT} />, { route });
  actAs(rendered.client, role);
  /** Each list request's page and filter, in order. */
  const asked = () => api.calls().filter((c) => c.key === `GET ${PATH}`).map((c) => `${c.url.searchParams.get('page')}/${c.url.searchParams.get('minSessions')}`);
  return { ...api, ...rendered, asked };
}

const table = () => screen.getByRole('table');
const names = () => within(table()).queryAllByRole('row').slice(1).map((r) => r.querySelector('td')?.textContent);
async function loaded() {
  await screen.findByText('Peserta 1');
  await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
}

async function choose(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: T.minSessions }));
  const option = await waitFor(() => {
    const el = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`);
    if (!el) throw new Error(`no option ${label}`);
    return el;
  });
  fireEvent.click(option);
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

describe('Kehadiran tab', () => {
  it('shows each session\'s WIB day and hours and its count against the confirmed participants, with a bar', async () => {
    open('staff');
    const sessions = within(await screen.findByRole('region', { name: T.sessions }));
    const items = sessions.getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.session-attendance-name')?.textContent)).toEqual(['Pembukaan', 'Lokakarya']);
    within(items[0]).getByText('Sabtu, 12 Des 2026 · 09:00–10:00 WIB');
    within(items[1]).getByText('Sabtu, 12 Des 2026 · 13:00–15:30 WIB');
    within(items[0]).getByText(fill(T.attendedOf, { n: 15, total: 25, rate: 60 }));
    within(items[1]).getByText(fill(T.attendedOf, { n: 5, total: 25, rate: 20 }));
    expect(items.map((li) => li.querySelector<HTMLElement>('.session-attendance-bar')?.style.width)).toEqual(['60%', '20%']);
  });

  it('lists the participants with a mark per session, read out as present or absent', async () => {
    open('staff');
    await loaded();
    expect(within(table()).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([T.columns.name, T.columns.email, T.columns.attended, 'Pembukaan', 'Lokakarya']);
    const row = (name: string) => within(screen.getByRole('row', { name: new RegExp(`^${name} `) }));
    expect(row('Peserta 1').getAllByRole('cell').map((td) => td.textContent)).toEqual(['Peserta 1', 'peserta1@contoh.id', '2 dari 2', T.present, T.present]);
    expect(row('Peserta 6').getAllByRole('cell').map((td) => td.textContent)).toEqual(['Peserta 6', 'peserta6@contoh.id', '1 dari 2', T.present, `–${T.absent}`]);
    // A check mark where they attended; the dash and the words are the rest.
    expect(row('Peserta 6').getAllByRole('cell').map((td) => Boolean(td.querySelector('.anticon-check')))).toEqual([false, false, false, true, false]);
  });

  it('asks for those who attended at least N sessions from page 1, and pages with the filter kept', async () => {
    const { asked } = open('staff');
    await loaded();
    expect(asked()).toEqual(['1/0']);
    expect(names()).toHaveLength(10);

    await choose(fill(T.atLeast, { n: 1 }));
    await waitFor(() => expect(asked().at(-1)).toBe('1/1'));
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    fireEvent.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(asked().at(-1)).toBe('2/1'));
    await waitFor(() => expect(names()).toEqual(['Peserta 11', 'Peserta 12', 'Peserta 13', 'Peserta 14', 'Peserta 15']));

    // A new filter goes back to page 1.
    await choose(fill(T.atLeast, { n: 2 }));
    await waitFor(() => expect(asked().at(-1)).toBe('1/2'));
    await waitFor(() => expect(names()).toEqual(PEOPLE.slice(0, 5).map((p) => p.name)));
  });

  it('opens on the filter and page of the address; the counts still read against every confirmed participant', async () => {
    const { asked } = open('staff', { route: '/?tab=attendance&min=1&page=2' });
    await screen.findByText('Peserta 11');
    expect(asked().sort()).toEqual(['1/0', '2/1']);
    expect(screen.getByRole('combobox', { name: T.minSessions }).closest('.ant-select')?.textContent).toBe(fill(T.atLeast, { n: 1 }));
    await screen.findByText(fill(T.attendedOf, { n: 15, total: 25, rate: 60 }));
  });

  it('says nobody matches a filter no one reaches', async () => {
    open('staff', { route: '/?tab=attendance&min=2', people: PEOPLE.slice(10) });
    await screen.findByText(fill(T.noMatch, { n: 2 }));
  });

  it('shows the empty state, and no table or download, while nobody has attended', async () => {
    open('owner', { people: PEOPLE.map((p) => ({ ...p, sessionIds: [] })) });
    await screen.findByText(T.empty);
    expect(screen.getAllByText(fill(T.attendedOf, { n: 0, total: 25, rate: 0 }))).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(`${T.csv}$`) })).toBeNull();
  });

  it('shows an error when the attendance cannot be read', async () => {
    open('staff', { fail: true });
    await screen.findByText(T.loadFailed);
    screen.getByText('Server sedang sibuk');
  });
});

describe('Kehadiran export', () => {
  it.each(['owner', 'finance'] as const)('downloads the CSV and the XLSX of the filter shown, for %s', async (role) => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:kehadiran'), revokeObjectURL: vi.fn() }));
    {
      const { user, calls, fetchMock } = open(role, { route: '/?tab=attendance&min=1' });
      const base = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (url: URL, init?: RequestInit) => (url.pathname.endsWith('/export')
        ? new Response(new Blob(['Nama,Email']), { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="kehadiran.csv"' } })
        : base(url, init)));
      await loaded();
      await user.click(screen.getByRole('button', { name: new RegExp(`${T.csv}$`) }));
      await user.click(screen.getByRole('button', { name: new RegExp(`${T.xlsx}$`) }));
      await waitFor(() => expect(calls().filter((c) => c.key === `GET ${PATH}/export`).map((c) => c.url.search)).toEqual(['?format=csv&minSessions=1', '?format=xlsx&minSessions=1']));
    }
  });

  it('offers no download to staff', async () => {
    open('staff');
    await loaded();
    expect(screen.queryByRole('button', { name: new RegExp(`${T.csv}$`) })).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(`${T.xlsx}$`) })).toBeNull();
  });
});
