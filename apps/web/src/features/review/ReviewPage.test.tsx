import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { REVIEW_MSG, type ReviewItem, type RevisionItem } from '@eo/contract';
import { renderPage } from '../../test/render-page';
import { ReviewPage } from './ReviewPage';

afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const item = (over: Partial<ReviewItem>): ReviewItem => ({
  id: 'e1', name: 'Lomba Esai <b>Nasional</b>', type: 'Lomba', isPaidEvent: true, createdAt: '2026-11-20T03:00:00.000Z',
  updatedAt: '2026-11-21T03:00:00.000Z', approvedStatus: 'pending', email: 'organizer@demo.id', organizerName: 'Komunitas Literasi',
  imageUrl: null, firstEventAt: '2026-12-20T02:00:00.000Z', ...over,
});

function setup(docs: ReviewItem[]) {
  const decisions: unknown[] = [];
  let queue = docs;
  const fetchMock = vi.fn(async (url: URL, init: RequestInit = {}) => {
    if (init.method === 'POST') {
      const body = JSON.parse(String(init.body));
      decisions.push({ path: url.pathname, body });
      queue = queue.filter((d) => !url.pathname.includes(d.id));
      return json(200, { data: { result: { id: 'x', approvedStatus: body.approvedStatus, reason: body.reason ?? null } }, message: body.approvedStatus === 'approved' ? REVIEW_MSG.approved : REVIEW_MSG.rejected });
    }
    return json(200, { data: { docs: queue, page: 1, limit: 10, totalDocs: queue.length, totalPages: queue.length ? 1 : 0 } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const { user } = renderPage(<ReviewPage />, { user: { pointerEventsCheck: 0 } });
  return { user, decisions, fetchMock };
}

describe('ReviewPage', () => {
  it('lists the waiting events with their organizer, as text', async () => {
    setup([item({}), item({ id: 'e2', name: 'Webinar Keuangan', type: 'Seminar', isPaidEvent: false })]);
    await screen.findByText('Lomba Esai <b>Nasional</b>');
    screen.getByText('2 event menunggu review');
    expect(screen.getAllByText('Komunitas Literasi')).toHaveLength(2);
    // Seminar is shown as Webinar (spec section 2).
    screen.getByText('Webinar');
    expect(screen.getByRole('link', { name: 'Lihat Overview: Webinar Keuangan' }).getAttribute('href')).toBe('/event/active/overview/e2');
  });

  it('approves after a confirmation', async () => {
    const { user, decisions } = setup([item({})]);
    await user.click(await screen.findByRole('button', { name: 'SETUJUI Lomba Esai <b>Nasional</b>' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Setujui event ini?').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'SETUJUI' }));
    await waitFor(() => expect(decisions).toEqual([{ path: '/v1/admin/events/e1/approval', body: { approvedStatus: 'approved' } }]));
    await screen.findByText(REVIEW_MSG.approved);
    await screen.findByText('Tidak ada event yang menunggu review');
  });

  it('rejects only with a reason, sent as typed', async () => {
    const { user, decisions } = setup([item({})]);
    await user.click(await screen.findByRole('button', { name: 'TOLAK Lomba Esai <b>Nasional</b>' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'TOLAK EVENT' }));
    await within(dialog).findByText(REVIEW_MSG.reasonRequired);
    expect(decisions).toEqual([]);
    await user.type(within(dialog).getByLabelText('Alasan penolakan'), '  Poster buram  ');
    await user.click(within(dialog).getByRole('button', { name: 'TOLAK EVENT' }));
    await waitFor(() => expect(decisions).toEqual([{ path: '/v1/admin/events/e1/approval', body: { approvedStatus: 'rejected', reason: 'Poster buram' } }]));
    await screen.findByText(REVIEW_MSG.rejected);
  });
});

describe('ReviewPage: revisions', () => {
  const revision: RevisionItem = {
    id: 'e9', name: 'Webinar Karier', organizerName: 'Komunitas Karier', email: 'organizer@demo.id', submittedAt: '2026-11-22T03:00:00.000Z',
    changes: [
      { label: 'Ticket name', before: 'Umum', after: 'KLAIM HADIAH di bit.ly/abc' },
      { label: 'WhatsApp group link', before: 'https://chat.whatsapp.com/a', after: '' },
    ],
  };

  it('shows each change before and after, as text, and publishes after a confirmation', async () => {
    const decisions: unknown[] = [];
    let queue = [revision];
    vi.stubGlobal('fetch', vi.fn(async (url: URL, init: RequestInit = {}) => {
      if (init.method === 'POST') {
        decisions.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        queue = [];
        return json(200, { data: { result: { id: 'e9', decision: 'approve', reason: null } }, message: REVIEW_MSG.revisionApproved });
      }
      const docs = url.pathname.endsWith('/revisions') ? queue : [];
      return json(200, { data: { docs, page: 1, limit: 10, totalDocs: docs.length, totalPages: docs.length ? 1 : 0 } });
    }));
    const { user } = renderPage(<ReviewPage />, { user: { pointerEventsCheck: 0 } });
    await user.click(await screen.findByRole('tab', { name: 'Revisi' }));
    await screen.findByText('1 revisi menunggu review');
    screen.getByText('KLAIM HADIAH di bit.ly/abc');
    expect(screen.queryByRole('link', { name: /bit\.ly/ })).toBeNull();
    screen.getByText('(kosong)');
    await user.click(screen.getByRole('button', { name: 'SETUJUI REVISI Webinar Karier' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'SETUJUI REVISI' }));
    await waitFor(() => expect(decisions).toEqual([{ path: '/v1/admin/events/e9/revision', body: { decision: 'approve' } }]));
    await screen.findByText(REVIEW_MSG.revisionApproved);
    await screen.findByText('Tidak ada revisi yang menunggu review');
  });
});
