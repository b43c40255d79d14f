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

async function chooseField(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Cari berdasarkan' }));
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
