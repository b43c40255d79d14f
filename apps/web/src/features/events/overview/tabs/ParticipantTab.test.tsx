import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { eventDetailFixture } from '../../../../test/event-detail';
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

afterEach(() => vi.unstubAllGlobals());

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
