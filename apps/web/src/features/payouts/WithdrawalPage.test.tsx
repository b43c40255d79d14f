import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { WITHDRAW_ID, WITHDRAW_MSG, type VerificationState } from '@eo/contract';
import { coin, json, mockApi, renderPage } from './payouts.fixture';
import { WithdrawalPage } from './WithdrawalPage';

afterEach(() => vi.unstubAllGlobals());

const state: VerificationState = {
  referenceId: 'WD-1', amount: 20_000, email: 'budi@contoh.id',
  codeExpiresAt: new Date(Date.now() + 600_000).toISOString(), resendAvailableAt: new Date(Date.now() + 60_000).toISOString(), attemptsLeft: 5,
};
const open = () => renderPage(<WithdrawalPage />, { path: '/event/:id/withdrawal', route: '/event/e1/withdrawal' });
const dialog = async () => (await screen.findByText('Verifikasi Penarikan')).closest<HTMLElement>('[role=dialog]')!;
const typeCode = async (user: ReturnType<typeof open>['user'], code: string) => {
  await user.click(screen.getByLabelText('OTP Input 1'));
  await user.keyboard(code);
};

describe('WithdrawalPage', () => {
  it('says "Siap ditarik" only when the balance can be withdrawn', async () => {
    mockApi({ 'GET /v1/transactions/eo/coin': () => json(200, { data: { result: coin({ withdrawalBlockedReason: WITHDRAW_MSG.notOver }) } }) });
    open();
    await screen.findByText('Belum bisa ditarik');
    expect(screen.queryByText('Siap ditarik')).toBeNull();
    screen.getAllByText(WITHDRAW_MSG.notOver);
  });

  it('says "Siap ditarik" when nothing stands in the way', async () => {
    mockApi({ 'GET /v1/transactions/eo/coin': () => json(200, { data: { result: coin() } }) });
    open();
    await screen.findByText('Siap ditarik');
  });

  it('opens the code step by itself on SEND_WITHDRAW_VERIFICATION_CODE_SUCCESS, then verifies', async () => {
    const fetchMock = mockApi({
      'GET /v1/transactions/eo/coin': () => json(200, { data: { result: coin() } }),
      'POST /v1/transactions/eo/coin/withdrawal': () => json(201, { message: 'sent', messageId: WITHDRAW_ID.codeSent, data: { result: state } }),
      'POST /v1/transactions/eo/coin/withdrawal/verif': (_u, init) =>
        (JSON.parse(init.body as string).code === '123456'
          ? json(200, { message: 'ok', messageId: WITHDRAW_ID.verified })
          : json(400, { message: 'Kode verifikasi salah. Sisa percobaan: 4', messageId: WITHDRAW_ID.codeWrong })),
    });
    const { user } = open();
    await screen.findByText('Festival Musik Pelajar');
    await user.type(screen.getByLabelText('Jumlah Penarikan'), '20000');
    await user.click(screen.getByText('Tarik Saldo'));

    const modal = await dialog();
    within(modal).getByText('Kode verifikasi telah dikirim ke b***i@contoh.id');
    within(modal).getByRole('group', { name: 'Kode verifikasi' });
    expect((within(modal).getByText(/Kirim ulang kode/).closest('button') as HTMLButtonElement).disabled).toBe(true);

    await typeCode(user, '654321');
    await user.click(within(modal).getByText('Verifikasi'));
    await within(modal).findByText('Kode verifikasi salah. Sisa percobaan: 4');

    await typeCode(user, '123456');
    await user.click(within(modal).getByText('Verifikasi'));
    await screen.findByText(WITHDRAW_MSG.success);
    const verif = fetchMock.mock.calls.filter(([u]) => (u as URL).pathname.endsWith('/verif')).at(-1)!;
    expect(JSON.parse(verif[1]!.body as string)).toEqual({ code: '123456', eoCoinId: 'coin-1' });
  }, 20_000);

  it('closes the step with the spec failure when the code expired', async () => {
    mockApi({
      'GET /v1/transactions/eo/coin': () => json(200, { data: { result: coin({ verification: state, status: 'Processing' }) } }),
      'POST /v1/transactions/eo/coin/withdrawal/verif': () => json(409, { message: 'Kode verifikasi sudah kedaluwarsa.', messageId: WITHDRAW_ID.codeExpired }),
    });
    const { user } = open();
    // A request still waiting for its code can be reopened after a reload.
    await user.click(await screen.findByText('Masukkan kode verifikasi'));
    const modal = await dialog();
    await typeCode(user, '123456');
    await user.click(within(modal).getByText('Verifikasi'));
    await screen.findByText(`${WITHDRAW_MSG.failed}: Kode verifikasi sudah kedaluwarsa.`);
    await waitFor(() => expect(screen.queryByText('Kode verifikasi telah dikirim ke b***i@contoh.id')).toBeNull());
  }, 20_000);
});
