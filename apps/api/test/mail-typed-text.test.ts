import { LinkifyIt } from 'linkify-it';
import { describe, expect, it } from 'vitest';
import type { OutgoingMail } from '../src/lib/mailer.js';
import { invitationMail } from '../src/modules/organizations/invitation-mail.js';
import { bankAccountMail } from '../src/modules/payouts/bank-account-mail.js';
import { codeMail } from '../src/modules/payouts/withdrawal-code.js';
import { withdrawalRequestedMail } from '../src/modules/payouts/withdrawal-requested-mail.js';
import type { WithdrawalRow } from '../src/modules/payouts/withdrawals.repository.js';
import { decisionMail, revisionMail } from '../src/modules/review/review-mail.js';

/** What a mail client would make a link of, and the links the app itself writes. */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true, fuzzyIP: true });
const BASE = 'https://eo.example.id';
/** Names as an attacker types them: plain, full-width, with zero-width characters, with ideographic dots. */
const HOSTILE = ['KLAIM HADIAH bit.ly/abc', 'ｈａｄｉａｈ．ｃｏｍ', 'hadiah\u200B.\u200Bcom/klaim', 'hadiah\u3002id'];

/** The links a client would find in the mail, apart from the app's own address and the acting member's. */
function foreignLinks(mail: OutgoingMail, allowed: string[]): string[] {
  const text = [mail.subject, mail.text, mail.html ?? ''].join('\n').normalize('NFKC').replace(/[\u200B-\u200D\u2060\uFEFF]/g, '').replace(/\u3002/g, '.');
  return (linkify.match(text) ?? []).map((m) => m.raw).filter((raw) => !allowed.some((a) => raw.startsWith(a) || a.endsWith(raw)));
}

describe('every mail defangs what people typed', () => {
  for (const typed of HOSTILE) {
    it(`«${typed}»`, () => {
      const withdrawal = { amount: 50_000, referenceId: 'WD-20261201-ABCDEFGH', bankCode: 'bca', bankAccountNumber: '1234567890', bankAccountName: typed } as WithdrawalRow;
      const by = { name: typed, email: 'sari@contoh.id' };
      const mails: [string, OutgoingMail][] = [
        ['review', decisionMail({ to: 'eo@contoh.id', organizerName: typed, eventId: 'e1', eventName: typed, decision: 'rejected', reason: 'Poster belum jelas.', publicUrl: BASE, decidedAt: new Date() })],
        ['revision', revisionMail({ to: 'eo@contoh.id', organizerName: typed, eventId: 'e1', eventName: typed, decision: 'reject', reason: 'Link asing.', parts: ['Ticket name'], publicUrl: BASE, decidedAt: new Date() })],
        ['invitation', invitationMail({ to: 'baru@contoh.id', inviter: typed, organization: typed, role: 'staff', publicUrl: BASE, token: 'tok' })],
        ['withdrawal code', codeMail('eo@contoh.id', { code: '123456', amount: 50_000, eventName: typed, referenceId: 'WD-20261201-ABCDEFGH' })],
        ['withdrawal requested', withdrawalRequestedMail('owner@contoh.id', { w: withdrawal, eventName: typed, by, at: new Date() })],
        ['bank account', bankAccountMail('owner@contoh.id', { eventName: typed, bank: { bankCode: 'bca', accountNumber: '1234567890', accountName: typed }, previous: null, by, at: new Date() })],
      ];
      for (const [name, mail] of mails) expect(foreignLinks(mail, [BASE, 'sari@contoh.id']), name).toEqual([]);
    });
  }
});
