import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { WITHDRAW_OWN_MSG } from '@eo/contract';
import { coin, json, mockApi, renderPage } from './payouts.fixture';
import { WithdrawalPage } from './WithdrawalPage';

afterEach(() => vi.unstubAllGlobals());

const open = () => renderPage(<WithdrawalPage />, { path: '/event/:id/withdrawal', route: '/event/e1/withdrawal' });
const crumbs = async () => {
  const nav = await screen.findByRole('navigation', { name: 'breadcrumb' });
  await within(nav).findByText('Festival Musik Pelajar');
  return within(nav).getAllByRole('listitem').map((li) => li.textContent?.replace(/\/$/, '').trim());
};

describe('WithdrawalPage wording and order', () => {
  it('the breadcrumb uses the side menu\'s word for the list the event is in', async () => {
    mockApi({ 'GET /v1/transactions/eo/coin': () => json(200, { data: { result: coin({ eventList: 'active' }) } }) });
    open();
    expect(await crumbs()).toEqual(['Event', 'Aktif', 'Festival Musik Pelajar', 'Tarik Penjualan']);
    expect(screen.getByRole('link', { name: 'Aktif' }).getAttribute('href')).toBe('/event');
    expect(screen.getByRole('link', { name: 'Festival Musik Pelajar' }).getAttribute('href')).toBe('/event/active/overview/e1');
    expect(screen.queryByText('Event History')).toBeNull();
  }, 30_000);

  it('a past event is under Riwayat', async () => {
    mockApi({ 'GET /v1/transactions/eo/coin': () => json(200, { data: { result: coin() } }) });
    open();
    expect(await crumbs()).toEqual(['Event', 'Riwayat', 'Festival Musik Pelajar', 'Tarik Penjualan']);
    expect(screen.getByRole('link', { name: 'Riwayat' }).getAttribute('href')).toBe('/event/history');
  }, 30_000);

  it('the bank account comes before the withdrawal request in the page', async () => {
    mockApi({ 'GET /v1/transactions/eo/coin': () => json(200, { data: { result: coin() } }) });
    open();
    const bank = await screen.findByText('Rekening Bank');
    const request = screen.getByText('Ajukan Penarikan');
    expect(bank.compareDocumentPosition(request) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  }, 30_000);

  it('offers the organizer\'s accounts saved on other events and saves the picked one by reference', async () => {
    const fetchMock = mockApi({
      'GET /v1/transactions/eo/coin': () => json(200, { data: { result: coin({ bankAccount: null }) } }),
      'GET /v1/transactions/eo/bank-accounts': () => json(200, { data: { docs: [
        { fromEoCoinId: 'coin-9', bankCode: '014', accountName: 'Budi Santoso', accountNumberMasked: '****7890' },
      ] } }),
      'POST /v1/transactions/eo/bank-account': () => json(200, { message: WITHDRAW_OWN_MSG.bankSaved, data: { result: coin() } }),
    });
    const { user } = open();
    await screen.findByText('BCA (Bank Central Asia) ****7890 · Budi Santoso', {}, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Pakai Rekening Ini' }));
    await waitFor(() => screen.getByText('1234567890'));
    const post = fetchMock.mock.calls.find(([u, init]) => (u as URL).pathname === '/v1/transactions/eo/bank-account' && init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({ eoCoinId: 'coin-1', fromEoCoinId: 'coin-9' });
  }, 30_000);
});
