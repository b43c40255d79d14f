import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CERT_ATTENDEES_MSG, CERT_MSG } from '@eo/contract';
import { certificate, json, mockApi, page, renderPage, signIn } from './certificates.fixture';
import { certificatesQuery, PUBLISHING_REFETCH_MS } from './api/get-certificates';
import { CertificateListPage } from './CertificateListPage';

afterEach(() => vi.unstubAllGlobals());

const listCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([u]) => u as URL).filter((u) => u.pathname === '/v1/certificates');
// By aria-label: role queries over a whole antd table are very slow in jsdom.
const button = (name: string) => screen.getByLabelText(name) as HTMLButtonElement;

// antd tables and dialogs are slow to render in jsdom.
describe('CertificateListPage', { timeout: 20_000 }, () => {
  it('says so when there is no certificate, and asks scoped to the user', async () => {
    signIn();
    const fetchMock = mockApi({ 'GET /v1/certificates': () => page([]) });
    renderPage(<CertificateListPage />, { path: '/certificate', route: '/certificate' });
    await screen.findByText(CERT_MSG.empty);
    screen.getByText('Certificates');
    screen.getByRole('button', { name: /NEW CERTIFICATE/ });
    expect(Object.fromEntries(listCalls(fetchMock)[0].searchParams)).toEqual({
      page: '1', limit: '10', sortBy: 'desc', sortParam: 'createdAt', showSponsored: 'false', creator: 'organizer@demo.id', userId: 'u-1',
    });
  });

  it('shows group and total, status, progress; Edit only for drafts', async () => {
    mockApi({
      'GET /v1/certificates': () => page([
        certificate(),
        certificate({ id: 'c2', eventName: 'Lomba Esai', status: 'publishing', groupName: null, progress: { done: 3, total: 12, failed: 0 } }),
        certificate({ id: 'c3', eventName: 'Seminar AI', status: 'published', progress: { done: 11, total: 12, failed: 1 } }),
      ]),
    });
    renderPage(<CertificateListPage />, { path: '/certificate', route: '/certificate' });
    expect(await screen.findAllByText('Peserta Batch 1 (12)')).toHaveLength(2);
    const rows = [...document.querySelectorAll<HTMLElement>('tbody tr')];
    const row = (name: string) => within(rows.find((r) => r.textContent?.includes(name))!);
    row('Webinar Keuangan').getByText('Draft');
    row('Lomba Esai').getByText('-');
    row('Lomba Esai').getByText('Publishing');
    row('Lomba Esai').getByText('3/12 terkirim');
    row('Seminar AI').getByText('Published');
    row('Seminar AI').getByText('11 terkirim');
    row('Seminar AI').getByText('1 gagal');
    expect(button('Edit Webinar Keuangan').disabled).toBe(false);
    expect(button('Edit Lomba Esai').disabled).toBe(true);
    expect(button('Edit Seminar AI').disabled).toBe(true);
  });

  it('offers a published certificate for attendees to the newly checked in, and only that one', async () => {
    mockApi({
      'GET /v1/certificates': () => page([
        certificate({ id: 'c4', eventName: 'Workshop Hadir', status: 'published', recipientType: 'attendees', recipientCsv: null, groupName: CERT_ATTENDEES_MSG.groupName }),
        certificate({ id: 'c5', eventName: 'Seminar CSV', status: 'published' }),
      ]),
    });
    const { user } = renderPage(<CertificateListPage />, { path: '/certificate', route: '/certificate' });
    expect(await screen.findAllByText(`${CERT_ATTENDEES_MSG.groupName} (12)`)).not.toHaveLength(0);
    expect(screen.queryByLabelText(`${CERT_ATTENDEES_MSG.sendNew} Seminar CSV`)).toBeNull();
    await user.click(button(`${CERT_ATTENDEES_MSG.sendNew} Workshop Hadir`));
    await screen.findByText('edit page');
  });

  it('filters by one status at a time and sends it as filters', async () => {
    const fetchMock = mockApi({ 'GET /v1/certificates': () => page([certificate()]) });
    const { user } = renderPage(<CertificateListPage />, { path: '/certificate', route: '/certificate' });
    await screen.findByText('Webinar Keuangan');
    await user.click(screen.getByRole('button', { name: 'Filter Status' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Published', 'Publishing', 'Draft']);
    expect(within(menu).getAllByRole('radio')).toHaveLength(3);
    await user.click(within(menu).getByText('Publishing'));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)!.searchParams.get('filters')).toBe('{"status":"publishing"}'));
  });

  it('polls only while a certificate is publishing', () => {
    const interval = certificatesQuery(1, null).refetchInterval as (q: unknown) => number | false;
    const q = (statuses: string[]) => ({ state: { data: { docs: statuses.map((status) => ({ status })) } } });
    expect(interval(q(['drafted', 'publishing']))).toBe(PUBLISHING_REFETCH_MS);
    expect(interval(q(['drafted', 'published']))).toBe(false);
    expect(interval({ state: {} })).toBe(false);
  });

  it('previews a draft with the sample name, offering EDIT CERTIFICATE', async () => {
    const fetchMock = mockApi({
      'GET /v1/certificates': () => page([certificate(), certificate({ id: 'c3', eventName: 'Seminar AI', status: 'published' })]),
      'POST /v1/certificates/preview': () => json(200, { data: { data: { result: { data: 'data:image/png;base64,AAAA' } } } }),
    });
    const { user } = renderPage(<CertificateListPage />, { path: '/certificate', route: '/certificate' });
    await user.click(await screen.findByLabelText('Preview Webinar Keuangan'));
    const dialog = await screen.findByRole('dialog');
    expect(((await within(dialog).findByRole('img', { name: 'Certificate preview' })) as HTMLImageElement).src).toContain('data:image/png;base64,AAAA');
    within(dialog).getByRole('button', { name: 'Close Preview' });
    const sent = JSON.parse(String(fetchMock.mock.calls.find(([u]) => (u as URL).pathname === '/v1/certificates/preview')![1]!.body));
    expect(sent).toMatchObject({ eventId: 'e1', recipientName: 'Lorem Ipsum Dolor Sit Aliquam.', serialNumberPrefix: 'WK-2026', templateBackgroundUrl: '/files/templates/t.png' });
    await user.click(within(dialog).getByRole('button', { name: 'EDIT CERTIFICATE' }));
    await screen.findByText('edit page');
  });

  it('fails silently in the preview and has no EDIT for a published one', async () => {
    mockApi({
      'GET /v1/certificates': () => page([certificate({ status: 'published' })]),
      'POST /v1/certificates/preview': () => json(500, { message: 'boom' }),
    });
    const { user } = renderPage(<CertificateListPage />, { path: '/certificate', route: '/certificate' });
    await user.click(await screen.findByLabelText('Preview Webinar Keuangan'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.querySelector('.cert-preview-body')!.getAttribute('aria-busy')).toBe('false'));
    expect(within(dialog).queryByRole('img', { name: 'Certificate preview' })).toBeNull();
    expect(screen.queryByText(/boom|Failed/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'EDIT CERTIFICATE' })).toBeNull();
  });
});
