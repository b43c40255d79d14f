import { bankName, fill, formatWibDateTime, MAIL_MSG as M, maskAccountNumber, type BankAccountInput } from '@eo/contract';
import type { OutgoingMail } from '../../lib/mailer.js';
import { unlinkable } from '../../lib/unlinkable.js';

/**
 * The notice every owner of a coin account gets when its bank account is saved or changed:
 * a changed account redirects the next withdrawal, so nobody should learn of it
 * afterwards. Only the last four digits of the number are written.
 */
export function bankAccountMail(to: string, input: {
  eventName: string; bank: BankAccountInput; previous: { bankCode: string; accountNumber: string } | null; by: { name: string; email: string }; at: Date;
}): OutgoingMail {
  // Typed names are defanged: the mail's readers act on money, and no name may lead them anywhere.
  const eventName = unlinkable(input.eventName);
  const by = `${unlinkable(input.by.name)} <${input.by.email}>`;
  const describe = (code: string, number: string) => `${bankName(code) ?? code} ${maskAccountNumber(number)}`;
  return {
    to,
    subject: fill(M.bankChangedSubject, { eventName }),
    text: [
      M.hello,
      '',
      fill(M.bankSaved, { eventName, verb: input.previous ? M.bankVerbChanged : M.bankVerbSaved, at: formatWibDateTime(input.at), by }),
      '',
      fill(M.bankNew, { account: describe(input.bank.bankCode, input.bank.accountNumber), name: unlinkable(input.bank.accountName) }),
      ...(input.previous ? [fill(M.bankPrevious, { account: describe(input.previous.bankCode, input.previous.accountNumber) })] : []),
      '',
      M.bankNotYou,
    ].join('\n'),
  };
}
