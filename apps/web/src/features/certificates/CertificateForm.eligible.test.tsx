import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CERT_RULES_MSG as M, fill } from '@eo/contract';
import { certificate, json, mockApi, renderPage, sentBodies } from './certificates.fixture';
import { CertificateFormPage } from './CertificateFormPage';

vi.mock('./components/TemplateCanvas', async () => ({ TemplateCanvas: (await import('./form-mocks.fixture')).FakeCanvas }));
vi.mock('../../lib/upload-file', async () => (await import('./form-mocks.fixture')).uploadMocks);
afterEach(() => vi.unstubAllGlobals());

/* Certificates for those meeting rules: the rules' inputs, the live count, the payload. */
const EDIT = { path: '/certificate/edit/:id', route: '/certificate/edit/c1' };
const COUNT = 'GET /v1/certificates/eligible-count';
const detail = (over = {}) => () => json(200, { data: { result: certificate(over) } });
const pageButton = (name: string) => screen.getAllByText(name).map((el) => el.closest('button')!).find((b) => !b.closest('[role=dialog]'))!;
const countQueries = (fetchMock: ReturnType<typeof mockApi>) => fetchMock.mock.calls
  .map(([u, init]) => [u as URL, init?.method ?? 'GET'] as const).filter(([u, m]) => `${m} ${u.pathname}` === COUNT)
  .map(([u]) => ({ eventId: u.searchParams.get('eventId'), rules: JSON.parse(u.searchParams.get('rules') ?? 'null') as unknown }));
const eligibleCert = (rules: object) => ({ recipientType: 'eligible' as const, recipientCsv: null, groupName: M.groupName, rules });

describe('certificate form: Peserta yang memenuhi syarat', { timeout: 30_000 }, () => {
  it('offers the choice; the rules ask for one first, then the count comes from the API as they change', async () => {
    const fetchMock = mockApi({
      'GET /v1/certificates/c1': detail(),
      [COUNT]: (url: URL) => json(200, { data: { eligible: JSON.parse(url.searchParams.get('rules')!).evaluationRequired ? 12 : 40 } }),
    });
    const { user } = renderPage(<CertificateFormPage />, EDIT);
    await screen.findByText('Peserta Batch 1.csv');
    await user.click(screen.getByLabelText('Recipient'));
    await user.click(await screen.findByTitle(M.option));
    await screen.findByText(M.missingRules);
    expect(screen.queryByLabelText('CSV Participant')).toBeNull();
    expect(countQueries(fetchMock)).toEqual([]);

    await user.type(screen.getByLabelText(M.minSessions), '3');
    await screen.findByText(fill(M.count, { n: 40 }));
    await user.click(screen.getByLabelText(M.evaluationRequired));
    await screen.findByText(fill(M.count, { n: 12 }));
    await user.type(screen.getByLabelText(M.minSessionShare), '60');
    await waitFor(() => expect(countQueries(fetchMock).at(-1)).toEqual({ eventId: 'e1', rules: { minSessions: 3, minSessionShare: 0.6, evaluationRequired: true } }));
  });

  it("shows the API's refusal in place of the count (an event without sessions)", async () => {
    mockApi({
      'GET /v1/certificates/c1': detail(eligibleCert({ minSessions: 2 })),
      [COUNT]: () => json(400, { message: M.noSessions, messageId: 'VALIDATION_ERROR', errors: [{ path: 'rules', message: M.noSessions }] }),
    });
    renderPage(<CertificateFormPage />, EDIT);
    expect((await screen.findByText(M.noSessions, {}, { timeout: 5000 })).getAttribute('role')).toBe('alert');
  });

  it('loads stored rules back (the share in percent) and publishes them with the group name', async () => {
    const fetchMock = mockApi({
      'GET /v1/certificates/c1': detail(eligibleCert({ minSessionShare: 0.6, evaluationRequired: true })),
      [COUNT]: () => json(200, { data: { eligible: 0 } }),
      'PUT /v1/certificates/c1': detail({ status: 'publishing', ...eligibleCert({ minSessionShare: 0.6, evaluationRequired: true }) }),
    });
    const { user } = renderPage(<CertificateFormPage />, EDIT);
    // Nobody yet: publishing is still allowed (whoever qualifies later gets it).
    await screen.findByText(fill(M.count, { n: 0 }), {}, { timeout: 5000 });
    expect((screen.getByLabelText(M.minSessionShare) as HTMLInputElement).value).toBe('60');
    expect((screen.getByLabelText(M.evaluationRequired) as HTMLInputElement).checked).toBe(true);
    expect(pageButton('PUBLISH').disabled).toBe(false);
    await user.click(pageButton('PUBLISH'));
    await user.click(within(await screen.findByRole('dialog')).getByText('PUBLISH').closest('button')!);
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT /v1/certificates/c1')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'PUT /v1/certificates/c1')[0]).toMatchObject({
      isDraft: false, recipientType: 'eligible', recipientCsv: null, groupName: M.groupName, rules: { minSessionShare: 0.6, evaluationRequired: true },
    });
  });

  it('refuses to publish without a rule', async () => {
    const fetchMock = mockApi({ 'GET /v1/certificates/c1': detail(eligibleCert({})) });
    const { user } = renderPage(<CertificateFormPage />, EDIT);
    await screen.findByText(M.missingRules);
    await user.click(pageButton('PUBLISH'));
    await screen.findByText('Missing this fields: Syarat Penerima');
    expect(sentBodies(fetchMock, 'PUT /v1/certificates/c1')).toEqual([]);
  });
});
