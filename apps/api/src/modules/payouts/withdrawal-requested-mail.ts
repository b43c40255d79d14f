import { bankName, fill, formatRupiah, formatWibDateTime, MAIL_MSG as M, maskAccountNumber } from '@eo/contract';
import type { OutgoingMail } from '../../lib/mailer.js';
import { unlinkable } from '../../lib/unlinkable.js';
import type { WithdrawalRow } from './withdrawals.repository.js';

/**
 * The notice every owner of the organization gets when a member requests a withdrawal: with a
 * committee, money leaving should never surprise the people who answer for it.
 */
export function withdrawalRequestedMail(to: string, input: { w: WithdrawalRow; eventName: string; by: { name: string; email: string }; at: Date }): OutgoingMail {
  const { w } = input;
  // Typed names are defanged: the mail's readers act on money, and no name may lead them anywhere.
  const eventName = unlinkable(input.eventName);
  return {
    to,
    subject: fill(M.withdrawalRequestedSubject, { amount: formatRupiah(w.amount), eventName }),
    text: [
      M.hello,
      '',
      fill(M.withdrawalRequested, {
        by: `${unlinkable(input.by.name)} <${input.by.email}>`, amount: formatRupiah(w.amount), eventName, referenceId: w.referenceId,
        account: `${bankName(w.bankCode) ?? w.bankCode} ${maskAccountNumber(w.bankAccountNumber)}`, name: unlinkable(w.bankAccountName), at: formatWibDateTime(input.at),
      }),
      '',
      M.withdrawalRequestedNotYou,
    ].join('\n'),
  };
}
