import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { WITHDRAW_MSG, WITHDRAW_OWN_MSG } from '@eo/contract';
import { coin, json, mockApi, renderPage } from '../payouts.fixture';
import { WithdrawalForm } from './WithdrawalForm';

afterEach(() => vi.unstubAllGlobals());

const submitButton = () => screen.getByText('Tarik Saldo').closest('button') as HTMLButtonElement;
const amount = () => screen.getByLabelText('Jumlah Penarikan') as HTMLInputElement;

describe('WithdrawalForm', () => {
  it('"Tarik semua saldo" fills and locks the whole balance', async () => {
    mockApi({});
    const { user } = renderPage(<WithdrawalForm coin={coin({ coinAmount: 250_000 })} onCodeSent={vi.fn()} />);
    await user.click(screen.getByLabelText('Tarik semua saldo'));
    await waitFor(() => expect(amount().value).toBe('Rp 250.000'));
    expect(amount().disabled).toBe(true);
    await user.click(screen.getByLabelText('Tarik semua saldo'));
    await waitFor(() => expect(amount().value).toBe(''));
    expect(amount().disabled).toBe(false);
  });

  it('disables the submit and says why when the event cannot be withdrawn yet', () => {
    mockApi({});
    renderPage(<WithdrawalForm coin={coin({ withdrawalBlockedReason: WITHDRAW_MSG.notOver })} onCodeSent={vi.fn()} />);
    screen.getByText('Event is not over yet');
    expect(submitButton().disabled).toBe(true);
  });

  it('disables the submit until a bank account is saved', () => {
    mockApi({});
    renderPage(<WithdrawalForm coin={coin({ bankAccount: null })} onCodeSent={vi.fn()} />);
    screen.getByText(WITHDRAW_OWN_MSG.noBankAccount);
    expect(submitButton().disabled).toBe(true);
  });

  it('disables the submit while the balance is below the minimum', () => {
    mockApi({});
    renderPage(<WithdrawalForm coin={coin({ coinAmount: 14_999 })} onCodeSent={vi.fn()} />);
    screen.getByText(WITHDRAW_MSG.minAmount);
    expect(submitButton().disabled).toBe(true);
  });

  it('shows the form minimum and the balance limit', async () => {
    mockApi({});
    const { user } = renderPage(<WithdrawalForm coin={coin({ coinAmount: 20_000 })} onCodeSent={vi.fn()} />);
    await user.type(amount(), '14999');
    await user.click(submitButton());
    await screen.findByText(WITHDRAW_MSG.minAmount);
    await user.clear(amount());
    await user.type(amount(), '20001');
    await user.click(submitButton());
    await screen.findByText(WITHDRAW_OWN_MSG.aboveBalance);
  });

  it('sends the amount with one Idempotency-Key, reused when the same values are retried after a network failure', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      'POST /v1/transactions/eo/coin/withdrawal': () => (++calls === 1 ? undefined : json(409, { message: WITHDRAW_OWN_MSG.pending, messageId: 'WITHDRAW_PENDING' })),
    });
    // The first call fails before any answer (as a dropped connection would).
    fetchMock.mockImplementationOnce(async () => { calls++; throw new TypeError('network'); });
    const { user } = renderPage(<WithdrawalForm coin={coin()} onCodeSent={vi.fn()} />);
    await user.type(amount(), '20000');
    await user.click(submitButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(submitButton().querySelector('.ant-btn-loading-icon')).toBeNull());
    await user.click(submitButton());
    await screen.findByText(`${WITHDRAW_MSG.failed}: ${WITHDRAW_OWN_MSG.pending}`);
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    const keys = posts.map(([, init]) => (init!.headers as Record<string, string>)['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(posts[1][1]!.body as string)).toEqual({ amount: 20000, withdrawDetail: { eoCoinId: 'coin-1' } });
  });
});
