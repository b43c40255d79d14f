import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AvailableWithdrawal, Receipt, Withdrawal } from '@eo/contract';
import { json, mockApi, renderPage } from './payouts.fixture';
import { PayoutPage } from './PayoutPage';

afterEach(() => vi.unstubAllGlobals());

const bank = { bankCode: '014', bankName: 'BCA (Bank Central Asia)', accountName: 'Budi Santoso', accountNumber: '1234567890' };
const withdrawal: Withdrawal = {
  _id: 'w1', referenceId: 'WD-20261121-0001', createdAt: '2026-11-21T03:00:00.000Z', amount: 200_000, status: 'sent',
  withdrawDetail: { eoCoinId: { _id: 'coin-1', eventId: 'e1' }, sentAt: '2026-11-22T03:00:00.000Z', status: 'sent', eventName: 'Festival Musik Pelajar' },
  bankAccount: bank,
};
const receipt: Receipt = {
  referenceId: withdrawal.referenceId, createdAt: withdrawal.createdAt, sentAt: withdrawal.withdrawDetail.sentAt, status: 'sent',
  eventName: 'Festival Musik Pelajar', amount: 200_000, totalSales: 250_000, paymentFee: 5_000, totalCleanReception: 245_000,
  bankAccount: { bankName: bank.bankName, accountNumber: bank.accountNumber, accountName: bank.accountName },
};
const event: AvailableWithdrawal = { _id: 'e1', name: 'Festival Musik Pelajar', imageUrl: null, lastEventAt: '2026-11-20T10:00:00.000Z', eoCoinId: 'coin-1', coinAmount: 45_000 };
const page = <T,>(docs: T[]) => json(200, { data: { docs, page: 1, limit: 10, totalDocs: docs.length, totalPages: docs.length ? 1 : 0 } });

describe('PayoutPage', () => {
  it('lists every withdrawal with its event and opens its receipt', async () => {
    const fetchMock = mockApi({
      'GET /v1/transactions/eo/coin/withdrawal': () => page([withdrawal]),
      'GET /v1/transactions/eo/coin/withdrawal/receipt': () => json(200, { data: { result: receipt } }),
    });
    const { user } = renderPage(<PayoutPage />);
    screen.getByText('Penarikan diproses maksimal 5 hari kerja setelah pengajuan terverifikasi.');
    await screen.findByText('WD-20261121-0001');
    screen.getByText('Festival Musik Pelajar');
    screen.getByText('Terkirim');
    const list = new URL(fetchMock.mock.calls[0][0] as URL);
    expect(Object.fromEntries(list.searchParams)).toMatchObject({ page: '1', limit: '10', sortBy: 'desc', sortParam: 'createdAt', activityType: 'receive' });

    await user.click(screen.getByText('Lihat'));
    const modal = (await screen.findByText('Bukti Penarikan')).closest<HTMLElement>('[role=dialog]')!;
    await within(modal).findByText('Rp245.000,00');
    within(modal).getByText('Rp5.000,00');
    within(modal).getByText('1234567890');
    const asked = fetchMock.mock.calls.map(([u]) => u as URL).find((u) => u.pathname.endsWith('/receipt'))!;
    expect(asked.searchParams.get('transactionId')).toBe('WD-20261121-0001');
  });

  it('opens the drawer of events to withdraw, each linking to its withdrawal page', async () => {
    mockApi({ 'GET /v1/events/available-withdrawal': () => page([event]) });
    const { user } = renderPage(<PayoutPage />);
    await user.click(screen.getByText('Pilih Event untuk Ditarik'));
    const link = await screen.findByText('TARIK SALDO');
    expect(link.closest('a')!.getAttribute('href')).toBe('/event/e1/withdrawal');
    screen.getByText('Rp45.000,00');
  });

  it('says so when no event can be withdrawn', async () => {
    mockApi({ 'GET /v1/events/available-withdrawal': () => page([]) });
    const { user } = renderPage(<PayoutPage />);
    await user.click(screen.getByText('Pilih Event untuk Ditarik'));
    await screen.findByText('Belum ada event yang saldonya bisa ditarik saat ini');
  });
});
