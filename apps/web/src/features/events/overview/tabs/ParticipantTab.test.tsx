import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fill, REGISTRANT_CANCEL_TEXT as C, SEATS_MSG, type EventDetail, type OrgRole, type Registrant } from '@eo/contract';
import { eventDetailFixture } from '../../../../test/event-detail';
import { mockApi } from '../../../../test/mock-api';
import { actAs, forgetOrganization } from '../../../../test/organizations';
import { renderPage } from '../../../../test/render-page';
import { ParticipantTab } from './ParticipantTab';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const PAGE = { docs: [], page: 1, limit: 10, totalPages: 0, totalDocs: 0, questions: [] };

/** The filters of every registrant list request, as sent. */
function mockRegistrants() {
  const sent: Array<Record<string, string>> = [];
  vi.stubGlobal('fetch', vi.fn(async (url: URL) => {
    const filters = JSON.parse(url.searchParams.get('filters') ?? '{}') as Record<string, string>;
    sent.push(filters);
    // The API refuses what the contract refuses, as the real one does.
    if (filters.phoneNumber && !/^\d+$/.test(filters.phoneNumber)) return json(400, { message: 'Input Number Only' });
    return json(200, { data: PAGE });
  }));
  return sent;
}

const renderTab = () => renderPage(<ParticipantTab event={eventDetailFixture({ id: 'ev-1' })} />);

async function chooseField(label: string, select = 'Cari berdasarkan') {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: select }));
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

describe('participant search field switch (spec section 5)', () => {
  it('an email left in the box when the field becomes No Telp is flagged once and never sent', async () => {
    const sent = mockRegistrants();
    const { user } = renderTab();
    await chooseField('Email');
    await user.type(screen.getByLabelText('Cari partisipan'), 'yoga.lestari');
    await waitFor(() => expect(sent).toContainEqual({ email: 'yoga.lestari' }));

    await chooseField('No Telp');
    await screen.findByText('Input Number Only');
    // Longer than the search's pause: nothing more may be asked with the invalid text.
    await new Promise((r) => setTimeout(r, 700));
    expect(sent.some((f) => 'phoneNumber' in f)).toBe(false);
    expect(screen.getAllByText('Input Number Only')).toHaveLength(1);

    // Fixing the text searches by phone.
    await user.clear(screen.getByLabelText('Cari partisipan'));
    await user.type(screen.getByLabelText('Cari partisipan'), '0812');
    await waitFor(() => expect(sent).toContainEqual({ phoneNumber: '0812' }));
    expect(screen.queryByText('Input Number Only')).toBeNull();
  });
});

describe('registration status', () => {
  it('opens on the participants; the filter asks for another status at once and back', async () => {
    const sent = mockRegistrants();
    renderTab();
    await waitFor(() => expect(sent).toEqual([{}]));
    await chooseField('Menunggu persetujuan', 'Status pendaftaran');
    await waitFor(() => expect(sent.at(-1)).toEqual({ status: 'pending' }));
    await chooseField('Terkonfirmasi', 'Status pendaftaran');
    await waitFor(() => expect(sent.at(-1)).toEqual({}));
  });

  it('shows the status of each row as a tag', async () => {
    const registrant = {
      id: 'r1', createdAt: '2026-11-01T03:00:00.000Z', name: 'Sari', email: 'sari@contoh.id', phoneNumber: null, ticketId: 't1', ticketType: 'Reguler',
      status: 'declined', userRegisteredStep: [], checkedInAt: null, checkedInBy: null,
    };
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { data: { ...PAGE, docs: [registrant], totalDocs: 1, totalPages: 1 } })));
    renderTab();
    expect(await screen.findByText('Ditolak')).toBeTruthy();
  });
});

describe('answer files in the table', () => {
  it('shows each uploaded file by name and opens it through the event\'s participants', async () => {
    const registrant = {
      id: 'r1', createdAt: '2026-11-01T03:00:00.000Z', name: 'Sari', email: 'sari@contoh.id', phoneNumber: null, ticketId: 't1', ticketType: 'Reguler', status: 'confirmed',
      userRegisteredStep: [{ questionId: 'q1', stepDetail: 'CV', result: 'cv.pdf', files: [{ fileId: 'f1', name: 'cv.pdf' }] }],
    };
    const asked: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:berkas'), revokeObjectURL: vi.fn() }));
    vi.stubGlobal('fetch', vi.fn(async (url: URL) => {
      asked.push(url.pathname);
      if (url.pathname.includes('/answer-files/')) {
        return new Response(new Blob(['%PDF-1.4']), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="cv.pdf"' } });
      }
      return json(200, { data: { ...PAGE, docs: [registrant], totalDocs: 1, totalPages: 1, questions: [{ id: 'q1', name: 'CV', ticketId: null }] } });
    }));
    const { user } = renderTab();
    const file = await screen.findByRole('button', { name: /cv\.pdf/ });
    // The table is clickable once its loading veil (pointer-events: none) is gone.
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    await user.click(file);
    await waitFor(() => expect(asked).toContain('/v1/events/ev-1/participants/answer-files/f1'));
  });
});

describe('Batalkan (owner and admin, free registrations)', () => {
  const LIST = '/v1/event-regist/lists';
  const CANCEL = '/v1/events/ev-1/registrants';
  const person = (id: string, name: string, status: Registrant['status'], ticketId: string): Registrant => ({
    id, createdAt: '2026-11-01T03:00:00.000Z', name, email: `${name.toLowerCase()}@contoh.id`, phoneNumber: null, ticketId, ticketType: 'Reguler',
    status, userRegisteredStep: [], checkedInAt: null, checkedInBy: null,
  });
  const PEOPLE = [person('r1', 'Sari', 'confirmed', 't-free'), person('r2', 'Yoga', 'pending', 't-free'), person('r3', 'Dewi', 'declined', 't-free'), person('r4', 'Budi', 'confirmed', 't-paid')];
  const TICKETS = [{ id: 't-free', name: 'Reguler', type: 'free' }, { id: 't-paid', name: 'VIP', type: 'paid' }] as unknown as EventDetail['tickets'];

  /** The list, and the cancel endpoint answering `refusal` (a 409's message) or cancelling. */
  function open(role: OrgRole, { refusal, tickets = TICKETS }: { refusal?: string; tickets?: EventDetail['tickets'] } = {}) {
    const api = mockApi({
      [`GET ${LIST}`]: () => json(200, { data: { ...PAGE, docs: PEOPLE, totalDocs: PEOPLE.length, totalPages: 1 } }),
      [`POST ${CANCEL}/r1/cancel`]: () => (refusal ? json(409, { message: refusal, messageId: 'ALREADY_CHECKED_IN' }) : json(200, { data: { result: { status: 'cancelled' } } })),
    });
    const rendered = renderPage(<ParticipantTab event={eventDetailFixture({ id: 'ev-1', tickets })} />);
    actAs(rendered.client, role);
    const sent = () => api.calls().filter((c) => c.key === `POST ${CANCEL}/r1/cancel`).map((c) => JSON.parse(String(c.init?.body)) as unknown);
    return { ...api, ...rendered, sent };
  }
  async function loaded() {
    await screen.findByText('Sari');
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
  }
  const cancelButton = (name: string) => screen.queryByRole('button', { name: fill(C.cancelOne, { name }) });
  /** An open dialog (a closed one stays in the DOM while it leaves). */
  const dialog = async () => within(await waitFor(() => {
    const d = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((el) => !el.closest('[class*="-leave"]'));
    if (!d) throw new Error('no dialog');
    return d;
  }));

  it.each(['owner', 'admin'] as const)('shows it to an %s on the confirmed and pending rows of a free ticket only', async (role) => {
    open(role);
    await loaded();
    await waitFor(() => expect(cancelButton('Sari')).not.toBeNull());
    expect(cancelButton('Yoga')).not.toBeNull();
    expect(cancelButton('Dewi')).toBeNull();
    expect(cancelButton('Budi')).toBeNull();
  });

  it('is not there for staff', async () => {
    open('staff');
    await loaded();
    expect(cancelButton('Sari')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: C.actions })).toBeNull();
  });

  it('leaves out the column when every ticket is paid', async () => {
    open('owner', { tickets: [{ id: 't-free', name: 'Reguler', type: 'paid' }] as unknown as EventDetail['tickets'] });
    await loaded();
    expect(screen.queryByRole('columnheader', { name: C.actions })).toBeNull();
    expect(cancelButton('Sari')).toBeNull();
  });

  it('sends the reason written, toasts, and reads the participants, waiting list and event again', async () => {
    const { user, sent, client, calls } = open('owner');
    await loaded();
    // Lists and the detail seen earlier: the freed seat changes them.
    const waitlist = ['waitlist', 'ev-1', 1];
    const pending = ['registrations', 'pending', 'ev-1', 1];
    const detail = ['events', 'detail', 'ev-1'];
    for (const key of [waitlist, pending]) client.setQueryData(key, { docs: [] });
    client.setQueryData(detail, eventDetailFixture({ id: 'ev-1' }));
    const lists = () => calls().filter((c) => c.key === `GET ${LIST}`).length;
    const before = lists();
    await user.click(cancelButton('Sari')!);
    const d = await dialog();
    d.getByText(fill(C.who, { name: 'Sari' }));
    await user.type(d.getByLabelText(C.reason), '  Acara dipindah ke Sabtu ');
    await user.click(d.getByRole('button', { name: C.confirm }));
    await screen.findByText(fill(C.done, { name: 'Sari' }));
    expect(sent()).toEqual([{ reason: 'Acara dipindah ke Sabtu' }]);
    for (const key of [waitlist, pending, detail]) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  });

  it('sends no reason when none is written', async () => {
    const { user, sent } = open('admin');
    await loaded();
    await user.click(cancelButton('Sari')!);
    await user.click((await dialog()).getByRole('button', { name: C.confirm }));
    await screen.findByText(fill(C.done, { name: 'Sari' }));
    expect(sent()).toEqual([{}]);
  });

  it('shows the API\'s refusal in the dialog, which stays open', async () => {
    const { user, sent } = open('owner', { refusal: SEATS_MSG.alreadyCheckedIn });
    await loaded();
    await user.click(cancelButton('Sari')!);
    const d = await dialog();
    await user.click(d.getByRole('button', { name: C.confirm }));
    await waitFor(() => d.getByText(SEATS_MSG.alreadyCheckedIn));
    expect(sent()).toHaveLength(1);
    expect(screen.queryByText(fill(C.done, { name: 'Sari' }))).toBeNull();
    d.getByRole('button', { name: C.confirm });
  });
});
