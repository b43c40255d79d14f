import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CERT_MSG } from '@eo/contract';
import { json, mockApi, renderPage, sentBodies } from './certificates.fixture';
import { defaultValues, type CertExtras, type CertFormValues } from './cert-form-values';
import { CertificateForm } from './components/CertificateForm';
import { defaultBoxes } from './placeholder-geometry';

vi.mock('./components/TemplateCanvas', async () => ({ TemplateCanvas: (await import('./form-mocks.fixture')).FakeCanvas }));
vi.mock('../../lib/upload-file', async () => (await import('./form-mocks.fixture')).uploadMocks);
afterEach(() => vi.unstubAllGlobals());

const none: CertExtras = { csv: null, template: null, boxes: null };
const size = { width: 2000, height: 1414 };
const complete: CertExtras = {
  csv: { fileUrl: '/files/csv/p.csv', fileName: 'Peserta.csv', columns: ['Nama', 'Email'], totalRecipient: 2 },
  template: { url: '/files/templates/t.png', size }, boxes: defaultBoxes(size),
};
const filled: CertFormValues = { ...defaultValues(), eventId: 'e1', recipientType: 'csv', recipientNameColumn: 'Nama', recipientEmailColumn: 'Email' };

function renderForm(values: CertFormValues, extras: CertExtras = none) {
  return renderPage(
    <CertificateForm initial={{ values, extras }} initialEvent={values.eventId ? { id: 'e1', name: 'Webinar Keuangan' } : null} published={false} />,
    { path: '/certificate/create', route: '/certificate/create' },
  );
}
/** Clicks a page button by its text; dialogs are searched with `within`. */
const click = (user: ReturnType<typeof renderPage>['user'], name: string) =>
  user.click(screen.getAllByText(name).map((el) => el.closest('button')!).find((b) => !b.closest('[role=dialog]'))!);

describe('certificate form messages (spec section 5)', { timeout: 30_000 }, () => {
  it('shows every field message when publishing an empty form, and what is missing', async () => {
    mockApi({});
    const { user } = renderForm({});
    await click(user, 'PUBLISH');
    for (const text of [
      CERT_MSG.event, CERT_MSG.recipientType, CERT_MSG.generatedNumber, CERT_MSG.fontStyle, CERT_MSG.fontSizeSerial.trim(),
      CERT_MSG.fontSizeRecipient, CERT_MSG.fontColor, CERT_MSG.maxLengthSerial, CERT_MSG.maxLengthRecipient,
    ]) await screen.findByText(text);
    await screen.findByText('Missing this fields: Template Image, Event, Serial Number, CSV File');
    expect(screen.queryByText(CERT_MSG.publishTitle)).toBeNull();
  });

  it('asks for the name and email columns once the recipient is a CSV', async () => {
    mockApi({});
    const { user } = renderForm({ ...defaultValues(), recipientType: 'csv' });
    await click(user, 'PUBLISH');
    await screen.findByText(CERT_MSG.nameColumn);
    screen.getByText(CERT_MSG.emailColumn);
    expect(screen.queryByText(CERT_MSG.recipientType)).toBeNull();
  });

  it('keeps the default number prefix and typography (spec section 9)', async () => {
    mockApi({});
    renderForm(defaultValues());
    expect((screen.getByLabelText('Certificate Number') as HTMLInputElement).value).toBe('000-000-000-000');
    expect((screen.getByLabelText('Font Size (Recipient Name)') as HTMLInputElement).value).toBe('120');
    expect((screen.getByLabelText('Font Size (Certificate Number)') as HTMLInputElement).value).toBe('70');
    expect((screen.getByLabelText('Max Char (Recipient Name)') as HTMLInputElement).value).toBe('24');
    expect((screen.getByLabelText('Max Char (Certificate Number)') as HTMLInputElement).value).toBe('30');
    screen.getByText('Quicksand');
    screen.getByText('Hitam');
    screen.getByText('Contoh: 000-000-000-000-001, 000-000-000-000-002');
  });

  it('refuses a draft without template and a preview without template, event and number', async () => {
    const fetchMock = mockApi({});
    const { user } = renderForm({ ...defaultValues(), serialNumberPrefix: '' });
    await click(user, 'SAVE AS DRAFT');
    await screen.findByText('Missing this fields: Template Image');
    await click(user, 'PREVIEW');
    await screen.findByText('Missing this fields: Template Image, Event, Serial Number');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('asks before publishing; CANCEL sends nothing, PUBLISH sends isDraft false', async () => {
    const fetchMock = mockApi({ 'POST /v1/certificates': () => json(201, { data: { result: { id: 'c9' } } }) });
    const { user } = renderForm(filled, complete);
    await click(user, 'PUBLISH');
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('Are you sure to Publish Certificate?');
    within(dialog).getByText("This certificate will distributed to users. You can't undo this action");
    await user.click(within(dialog).getByText('CANCEL').closest('button')!);
    expect(sentBodies(fetchMock, 'POST /v1/certificates')).toHaveLength(0);

    await click(user, 'PUBLISH');
    await user.click(within(await screen.findByRole('dialog')).getByText('PUBLISH').closest('button')!);
    await screen.findByText(CERT_MSG.created);
    screen.getByText(CERT_MSG.redirect);
    const [body] = sentBodies(fetchMock, 'POST /v1/certificates');
    expect(body).toMatchObject({
      isDraft: false, eventId: 'e1', recipientType: 'csv', templateBackgroundUrl: '/files/templates/t.png', serialNumberPrefix: '000-000-000-000', groupName: 'Peserta',
      recipientCsv: { fileUrl: '/files/csv/p.csv', recipientNameColumn: 'Nama', recipientEmailColumn: 'Email', totalRecipient: 2, columns: ['Nama', 'Email'] },
    });
    expect(body.templateObjects[0]).toEqual({
      key: 'recipientName', placeholder: { start: [400, 594], end: [1600, 820] }, anchor: { horizontal: 'middle', vertical: 'middle' },
      textStyle: { font: 'Quicksand', size: 120, color: '000000', charLength: 24 }, type: 'text',
    });
    await screen.findByText('certificate list', {}, { timeout: 4000 });
  });

  it('toasts the failure text with the server reason', async () => {
    mockApi({ 'POST /v1/certificates': () => json(400, { message: 'Missing this fields: Template Image', errors: [{ message: 'Missing this fields: Template Image' }] }) });
    const { user } = renderForm(filled, complete);
    await click(user, 'SAVE AS DRAFT');
    await screen.findByText('Failed to create draft: Missing this fields: Template Image');
  });
});
