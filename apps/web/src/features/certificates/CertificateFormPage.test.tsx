import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CERT_MSG, CERT_OWN_MSG, CERT_TEXT, UPLOAD_MSG } from '@eo/contract';
import { certificate, json, mockApi, renderPage, sentBodies, signIn } from './certificates.fixture';
import { CertificateFormPage } from './CertificateFormPage';
import { uploadMocks } from './form-mocks.fixture';

vi.mock('./components/TemplateCanvas', async () => ({ TemplateCanvas: (await import('./form-mocks.fixture')).FakeCanvas }));
vi.mock('../../lib/upload-file', async () => (await import('./form-mocks.fixture')).uploadMocks);
afterEach(() => vi.unstubAllGlobals());

const CREATE = { path: '/certificate/create', route: '/certificate/create' };
const EDIT = { path: '/certificate/edit/:id', route: '/certificate/edit/c1' };
const detail = (over = {}) => () => json(200, { data: { result: certificate(over) } });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
type User = ReturnType<typeof renderPage>['user'];
const pageButton = (name: string) => screen.getAllByText(name).map((el) => el.closest('button')!).find((b) => !b.closest('[role=dialog]'))!;

async function chooseCsvRecipient(user: User) {
  await user.click(screen.getByLabelText('Recipient'));
  await user.click(await screen.findByTitle('Upload CSV Participant'));
  await screen.findByLabelText('CSV Participant');
}

describe('CertificateFormPage', { timeout: 30_000 }, () => {
  it('titles the create page and reads, uploads and counts the CSV', async () => {
    mockApi({});
    const { user } = renderPage(<CertificateFormPage />, CREATE);
    screen.getByRole('heading', { level: 1, name: 'Publish New Certificate' });
    expect(within(screen.getByLabelText('breadcrumb')).getByText('Event Certificate').closest('a')!.getAttribute('href')).toBe('/certificate');
    await chooseCsvRecipient(user);
    screen.getByText(/CSV peserta bisa diunduh di menu Event/);
    const csv = new File(['\uFEFFNo;Nama;Email\r\n1;Budi;budi@x.id\r\n2;"Siti; A";siti@x.id\r\n\r\n'], 'Peserta Webinar.csv', { type: 'text/csv' });
    await user.upload(input('CSV Participant'), csv);
    await screen.findByText('Peserta Webinar.csv');
    screen.getByText('2 penerima');
    expect(pageButton('CHANGE CSV')).toBeTruthy();
    expect(uploadMocks.uploadFile).toHaveBeenCalledWith('CSV', csv, expect.any(Function));
    // The plainly named columns are chosen; every column is offered.
    expect(screen.getAllByTitle('Nama').length).toBeGreaterThan(0);
    await user.click(screen.getByLabelText('Email Column'));
    await screen.findAllByTitle('No');
  });

  it('refuses a CSV by extension and a portrait template', async () => {
    mockApi({});
    const { user } = renderPage(<CertificateFormPage />, CREATE);
    await chooseCsvRecipient(user);
    fireEvent.change(input('CSV Participant'), { target: { files: [new File(['x'], 'peserta.xlsx')] } });
    expect((await screen.findAllByText(UPLOAD_MSG.wrongType)).length).toBeGreaterThan(0);
    uploadMocks.imageSize.mockResolvedValueOnce({ width: 1000, height: 1414 });
    await user.upload(input('Certificate Template'), new File(['png'], 'portrait.png', { type: 'image/png' }));
    expect((await screen.findAllByText(CERT_MSG.templateHorizontal)).length).toBeGreaterThan(0);
    expect(pageButton('UPLOAD TEMPLATE')).toBeTruthy();
  });

  it('places default boxes on a new template, editable as numbers in template pixels', async () => {
    const fetchMock = mockApi({ 'POST /v1/certificates': () => json(201, { data: { result: { id: 'c9' } } }) });
    const { user } = renderPage(<CertificateFormPage />, CREATE);
    await user.upload(input('Certificate Template'), new File(['png'], 'landscape.png', { type: 'image/png' }));
    await screen.findByText('CHANGE TEMPLATE');
    expect(input('Recipient name X').value).toBe('400');
    expect(input('Recipient name width').value).toBe('1200');
    expect(input('Certificate Number Y').value).toBe('877');
    await user.clear(input('Recipient name X'));
    await user.type(input('Recipient name X'), '250');
    await user.tab();
    await user.click(pageButton('SAVE AS DRAFT'));
    await screen.findByText(CERT_MSG.draftCreated);
    const [body] = sentBodies(fetchMock, 'POST /v1/certificates');
    expect(body).toMatchObject({ isDraft: true, eventId: null, templateBackgroundUrl: '/files/templates/landscape.png' });
    expect(body.templateObjects[0].placeholder).toEqual({ start: [250, 594], end: [1450, 820] });
  });

  it('searches the events a certificate may be made for, by name after a pause, and says why each qualifies', async () => {
    signIn();
    const fetchMock = mockApi({
      'GET /v1/certificates/events': (url) => json(200, { data: { result: url.searchParams.get('name') ? [{ id: 'e7', name: 'Lomba Esai Nasional', ended: false, attendees: 12 }] : [] } }),
    });
    const { user } = renderPage(<CertificateFormPage />, CREATE);
    screen.getByText(CERT_TEXT.eventHint);
    await user.type(screen.getByLabelText('Event'), 'Esai');
    await screen.findByTitle('Lomba Esai Nasional', {}, { timeout: 3000 });
    screen.getByText('Berlangsung · 12 peserta yang hadir');
    const asked = fetchMock.mock.calls.map(([u]) => u as URL).filter((u) => u.pathname === '/v1/certificates/events');
    expect(asked.map((u) => u.searchParams.get('name'))).toEqual([null, 'Esai']);
  });

  it('edits a draft: stored values, SAVE AS DRAFT puts isDraft true', async () => {
    const fetchMock = mockApi({ 'GET /v1/certificates/c1': detail(), 'PUT /v1/certificates/c1': detail() });
    const { user } = renderPage(<CertificateFormPage />, EDIT);
    await screen.findByRole('heading', { level: 1, name: 'Edit Certificate' });
    await screen.findByText('Webinar Keuangan');
    expect(input('Certificate Number').value).toBe('WK-2026');
    screen.getByText('Peserta Batch 1.csv');
    screen.getByText('Contoh: WK-2026-001, WK-2026-002');
    await user.click(pageButton('SAVE AS DRAFT'));
    await screen.findByText(CERT_MSG.draftEdited);
    screen.getByText(CERT_MSG.redirect);
    const [body] = sentBodies(fetchMock, 'PUT /v1/certificates/c1');
    expect(body).toMatchObject({ isDraft: true, eventId: 'e1', serialNumberPrefix: 'WK-2026' });
    expect(body.templateObjects[1].placeholder).toEqual({ start: [600, 900], end: [1400, 1000] });
  });

  it('says when the edit timed out', async () => {
    mockApi({
      'GET /v1/certificates/c1': detail(),
      'PUT /v1/certificates/c1': () => {
        throw new DOMException('The operation timed out.', 'TimeoutError');
      },
    });
    const { user } = renderPage(<CertificateFormPage />, EDIT);
    await screen.findByText('Peserta Batch 1.csv');
    await user.click(pageButton('PUBLISH'));
    await user.click(within(await screen.findByRole('dialog')).getByText('PUBLISH').closest('button')!);
    await screen.findByText('Failed to edit certificate: Request timed out');
  });

  it('opens a published certificate without SAVE AS DRAFT', async () => {
    mockApi({ 'GET /v1/certificates/c1': detail({ status: 'published' }) });
    renderPage(<CertificateFormPage />, EDIT);
    await screen.findByText(CERT_OWN_MSG.notDrafted);
    expect(screen.queryByText('SAVE AS DRAFT')).toBeNull();
    expect(pageButton('PUBLISH').disabled).toBe(true);
  });

  it('makes the whole form of a published certificate read-only: CSV, columns, styles, template', async () => {
    mockApi({ 'GET /v1/certificates/c1': detail({ status: 'published' }) });
    renderPage(<CertificateFormPage />, EDIT);
    await screen.findByText('Peserta Batch 1.csv');
    expect(pageButton('CHANGE CSV').disabled).toBe(true);
    expect(input('CSV Participant').disabled).toBe(true);
    expect(input('Certificate Template').disabled).toBe(true);
    const fields = [...screen.getAllByRole('combobox'), ...screen.getAllByRole('spinbutton'), ...screen.getAllByRole('textbox')];
    const editable = fields.filter((f) => !(f as HTMLInputElement).disabled).map((f) => f.id || f.getAttribute('aria-label'));
    expect(editable).toEqual([]);
    for (const label of ['Name Column', 'Email Column', 'Event', 'Recipient']) expect(input(label).disabled, label).toBe(true);
  });

  it('previews with the sample name, then toasts; failures say why', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = mockApi({
      'GET /v1/certificates/c1': detail(),
      'POST /v1/certificates/preview': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderPage(<CertificateFormPage />, EDIT);
    await screen.findByText('Peserta Batch 1.csv');
    await user.click(pageButton('PREVIEW'));
    await screen.findByText(CERT_MSG.generatingPreview);
    answer(json(200, { data: { data: { result: { data: 'data:image/png;base64,QUJD' } } } }));
    await screen.findByText(CERT_MSG.previewed);
    expect((screen.getByAltText('Certificate preview') as HTMLImageElement).src).toBe('data:image/png;base64,QUJD');
    expect(sentBodies(fetchMock, 'POST /v1/certificates/preview')[0]).toMatchObject({
      eventId: 'e1', recipientName: 'Lorem Ipsum Dolor Sit Aliquam.', templateBackgroundUrl: '/files/templates/t.png', serialNumberPrefix: 'WK-2026',
    });

    await user.click(within(screen.getByRole('dialog')).getByText('Close').closest('button')!);
    await user.click(pageButton('PREVIEW'));
    answer(json(400, { message: 'Event tidak ditemukan', errors: [{ message: 'Event tidak ditemukan' }] }));
    await screen.findByText('Failed to preview certificate: Event tidak ditemukan');
    await waitFor(() => expect(screen.queryByText(CERT_MSG.generatingPreview)).toBeNull());
  });
});
