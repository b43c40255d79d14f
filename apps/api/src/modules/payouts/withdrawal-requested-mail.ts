import { bankName, fill, formatRupiah, formatWibDateTime, MAIL_MSG as M, maskAccountNumber } from '@eo/contract';
import type { OutgoingMail } from '../../lib/mailer.js';
import type { WithdrawalRow } from './withdrawals.repository.js';

/**
 * The notice every owner of the organization gets when a member requests a withdrawal: with a
 * committee, money leaving should never surprise the people who answer for it.
 */
export function withdrawalRequestedMail(to: string, input: { w: WithdrawalRow; eventName: string; by: string; at: Date }): OutgoingMail {
  const { w } = input;
  return {
    to,
    subject: fill(M.withdrawalRequestedSubject, { amount: formatRupiah(w.amount), eventName: input.eventName }),
    text: [
      M.hello,
      '',
      fill(M.withdrawalRequested, {
        by: input.by, amount: formatRupiah(w.amount), eventName: input.eventName, referenceId: w.referenceId,
        account: `${bankName(w.bankCode) ?? w.bankCode} ${maskAccountNumber(w.bankAccountNumber)}`, name: w.bankAccountName, at: formatWibDateTime(input.at),
      }),
      '',
      M.withdrawalRequestedNotYou,
    ].join('\n'),
  };
}
