import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { WITHDRAW_MSG } from '@eo/contract';
import { coin, json, mockApi, renderPage } from '../payouts.fixture';
import { BankAccountForm } from './BankAccountForm';
import { BankAccountSection } from './BankAccountSection';

afterEach(() => vi.unstubAllGlobals());

const banks = () => json(200, { data: { docs: [{ code: '014', name: 'BCA (Bank Central Asia)' }, { code: '008', name: 'Mandiri' }] } });

describe('BankAccountForm', () => {
  it('shows the spec messages of the bank rules', async () => {
    mockApi({ 'GET /v1/banks': banks });
    const onSave = vi.fn();
    const { user } = renderPage(<BankAccountForm initial={null} saving={false} onSave={onSave} />);
    await user.click(screen.getByText('Simpan Rekening'));
    await screen.findByText(WITHDRAW_MSG.bankRequired);
    screen.getByText(WITHDRAW_MSG.accountName);
    screen.getByText(WITHDRAW_MSG.accountNumber);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses digits in the name and letters in the number', async () => {
    mockApi({ 'GET /v1/banks': banks });
    const { user } = renderPage(<BankAccountForm initial={{ bankCode: '014', accountName: '', accountNumber: '' }} saving={false} onSave={vi.fn()} />);
    await user.type(screen.getByLabelText('Nama Pemilik Rekening'), 'Budi 123');
    await screen.findByText(WITHDRAW_MSG.accountName);
    await user.type(screen.getByLabelText('Nomor Rekening'), '12ab');
    await screen.findByText(WITHDRAW_MSG.accountNumber);
    expect(screen.queryByText(WITHDRAW_MSG.bankRequired)).toBeNull();
    expect((screen.getByLabelText('Nomor Rekening') as HTMLInputElement).maxLength).toBe(16);
  });

  it('hands back the chosen bank and the trimmed account', async () => {
    mockApi({ 'GET /v1/banks': banks });
    const onSave = vi.fn();
    const { user } = renderPage(<BankAccountForm initial={null} saving={false} onSave={onSave} />);
    await user.click(screen.getByLabelText('Nama Bank'));
    await user.click(await screen.findByTitle('Mandiri'));
    await user.type(screen.getByLabelText('Nama Pemilik Rekening'), " Siti O'Neil-Putri ");
    await user.type(screen.getByLabelText('Nomor Rekening'), '0123456789');
    await user.click(screen.getByText('Simpan Rekening'));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ bankCode: '008', accountName: "Siti O'Neil-Putri", accountNumber: '0123456789' }));
  });
});

describe('BankAccountSection', () => {
  it('locks editing during a withdrawal with the spec text', async () => {
    mockApi({});
    renderPage(<BankAccountSection eventId="e1" coin={coin({ status: 'Processing' })} />);
    screen.getByText(WITHDRAW_MSG.editBlocked);
    expect((screen.getByText('Ubah Rekening').closest('button') as HTMLButtonElement).disabled).toBe(true);
    screen.getByText('BCA (Bank Central Asia)');
  });

  it('toasts the spec failure with the server reason', async () => {
    mockApi({
      'GET /v1/banks': banks,
      'POST /v1/transactions/eo/bank-account': () => json(409, { message: WITHDRAW_MSG.editBlocked, messageId: 'WITHDRAW_PENDING' }),
    });
    const { user } = renderPage(<BankAccountSection eventId="e1" coin={coin()} />);
    await user.click(screen.getByText('Ubah Rekening'));
    await user.click(screen.getByText('Simpan Rekening'));
    await screen.findByText(`${WITHDRAW_MSG.addBankFailed}: ${WITHDRAW_MSG.editBlocked}`);
  });
});
