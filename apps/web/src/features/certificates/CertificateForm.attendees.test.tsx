import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CERT_ATTENDEES_MSG as M, CERT_OWN_MSG, fill } from '@eo/contract';
import { certificate, json, mockApi, renderPage, sentBodies } from './certificates.fixture';
import { CertificateFormPage } from './CertificateFormPage';

vi.mock('./components/TemplateCanvas', async () => ({ TemplateCanvas: (await import('./form-mocks.fixture')).FakeCanvas }));
vi.mock('../../lib/upload-file', async () => (await import('./form-mocks.fixture')).uploadMocks);
afterEach(() => vi.unstubAllGlobals());

/* Certificates to the event's attendees, counted before publishing, sent again to the newly checked in. */
const EDIT = { path: '/certificate/edit/:id', route: '/certificate/edit/c1' };
const COUNT = 'GET /v1/certificates/attendees-count';
const detail = (over = {}) => () => json(200, { data: { result: certificate(over) } });
const counts = (result: { attendees: number; alreadyCertified: number; toSend: number }) => () => json(200, { data: { result } });
const pageButton = (name: string) => screen.getAllByText(name).map((el) => el.closest('button')!).find((b) => !b.closest('[role=dialog]'))!;
const asked = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  fetchMock.mock.calls.map(([u, init]) => [u as URL, init?.method ?? 'GET'] as const).filter(([u, m]) => `${m} ${u.pathname}` === key).map(([u]) => u);

describe('certificate form: Peserta yang hadir', { timeout: 30_000 }, () => {
  it('offers the choice beside the CSV; choosing it hides the upload and shows the event\'s count from the API', async () => {
    const fetchMock = mockApi({ 'GET /v1/certificates/c1': detail(), [COUNT]: counts({ attendees: 37, alreadyCertified: 0, toSend: 37 }) });
    const { user } = renderPage(<CertificateFormPage />, EDIT);
    await screen.findByText('Peserta Batch 1.csv');
    screen.getByLabelText('CSV Participant');

    await user.click(screen.getByLabelText('Recipient'));
    expect((await screen.findAllByTitle('Upload CSV Participant')).length).toBeGreaterThan(0);
    await user.click(await screen.findByTitle(M.option));
    await screen.findByText(fill(M.count, { n: 37 }));
    expect(screen.queryByLabelText('CSV Participant')).toBeNull();
    expect(screen.queryByLabelText('Name Column')).toBeNull();
    screen.getByText(M.hint);
    const [url] = asked(fetchMock, COUNT);
    expect(Object.fromEntries(url!.searchParams)).toEqual({ eventId: 'e1', certificateId: 'c1' });
  });

  it('publishes to attendees without a CSV, named as their group', async () => {
    const fetchMock = mockApi({
      'GET /v1/certificates/c1': detail({ recipientType: 'attendees', recipientCsv: null, groupName: M.groupName }),
      [COUNT]: counts({ attendees: 3, alreadyCertified: 0, toSend: 3 }),
      'PUT /v1/certificates/c1': detail({ status: 'publishing', recipientType: 'attendees', recipientCsv: null }),
    });
    const { user } = renderPage(<CertificateFormPage />, EDIT);
    await screen.findByText(fill(M.count, { n: 3 }));
    await user.click(pageButton('PUBLISH'));
    await user.click(within(await screen.findByRole('dialog')).getByText('PUBLISH').closest('button')!);
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT /v1/certificates/c1')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'PUT /v1/certificates/c1')[0]).toMatchObject({ isDraft: false, eventId: 'e1', recipientType: 'attendees', recipientCsv: null, groupName: M.groupName });
  });

  it('keeps PUBLISH disabled while nobody has attended, SAVE AS DRAFT still works', async () => {
    mockApi({
      'GET /v1/certificates/c1': detail({ recipientType: 'attendees', recipientCsv: null, groupName: M.groupName }),
      [COUNT]: counts({ attendees: 0, alreadyCertified: 0, toSend: 0 }),
    });
    renderPage(<CertificateFormPage />, EDIT);
    await screen.findByText(fill(M.count, { n: 0 }));
    await waitFor(() => expect(pageButton('PUBLISH').disabled).toBe(true));
    expect(pageButton('SAVE AS DRAFT').disabled).toBe(false);
  });

  it('asks for an event before counting', async () => {
    const fetchMock = mockApi({ 'GET /v1/certificates/c1': detail({ event: null, eventName: '', recipientType: 'attendees', recipientCsv: null }) });
    renderPage(<CertificateFormPage />, EDIT);
    await screen.findByText(M.pickEvent);
    expect(asked(fetchMock, COUNT)).toEqual([]);
  });

  it('a published certificate for attendees shows who is new and PUBLISH sends to them only', async () => {
    const fetchMock = mockApi({
      'GET /v1/certificates/c1': detail({ status: 'published', recipientType: 'attendees', recipientCsv: null }),
      [COUNT]: counts({ attendees: 7, alreadyCertified: 5, toSend: 2 }),
      'POST /v1/certificates/c1/republish': detail({ status: 'publishing', recipientType: 'attendees', recipientCsv: null }),
    });
    const { user } = renderPage(<CertificateFormPage />, EDIT);
    await screen.findByText(M.republishNote);
    expect(screen.queryByText(CERT_OWN_MSG.notDrafted)).toBeNull();
    await screen.findByText(fill(M.toSend, { done: 5, n: 2 }));
    expect(screen.queryByText('SAVE AS DRAFT')).toBeNull();
    expect(pageButton('PUBLISH').disabled).toBe(false);
    await user.click(pageButton('PUBLISH'));
    await user.click(within(await screen.findByRole('dialog')).getByText('PUBLISH').closest('button')!);
    await screen.findByText(M.republished);
    expect(asked(fetchMock, 'POST /v1/certificates/c1/republish')).toHaveLength(1);
    expect(asked(fetchMock, 'PUT /v1/certificates/c1')).toEqual([]);
  });
});
