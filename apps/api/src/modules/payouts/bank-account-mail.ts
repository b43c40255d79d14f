import { bankName, fill, formatWibDateTime, maskAccountNumber, WITHDRAW_OWN_MSG, type BankAccountInput } from '@eo/contract';
import type { OutgoingMail } from '../../lib/mailer.js';

/**
 * The notice every owner of a coin account gets when its bank account is saved or changed
 * (issue 14): a changed account redirects the next withdrawal, so nobody should learn of it
 * afterwards. Only the last four digits of the number are written.
 */
export function bankAccountMail(to: string, input: {
  eventName: string; bank: BankAccountInput; previous: { bankCode: string; accountNumber: string } | null; by: string; at: Date;
}): OutgoingMail {
  const describe = (code: string, number: string) => `${bankName(code) ?? code} ${maskAccountNumber(number)}`;
  return {
    to,
    subject: fill(WITHDRAW_OWN_MSG.bankChangedSubject, { eventName: input.eventName }),
    text: [
      'Halo,',
      '',
      `Rekening bank tujuan penarikan saldo event "${input.eventName}" ${input.previous ? 'diubah' : 'disimpan'} pada ${formatWibDateTime(input.at)} oleh ${input.by}.`,
      '',
      `Rekening baru: ${describe(input.bank.bankCode, input.bank.accountNumber)} a.n. ${input.bank.accountName}`,
      ...(input.previous ? [`Rekening sebelumnya: ${describe(input.previous.bankCode, input.previous.accountNumber)}`] : []),
      '',
      'Jika kamu tidak melakukan perubahan ini, segera ganti password akunmu dan hubungi admin sebelum mengajukan penarikan.',
    ].join('\n'),
  };
}
