import {
  maskAccountNumber, WITHDRAW_MSG, WITHDRAW_OWN_MSG, withdrawalRefusal, type CoinAccount, type SaveBankAccount, type SavedBankAccount,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { conflict, DomainError, ERROR_CODE, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { bankAccountMail } from './bank-account-mail.js';
import { isUuid } from '../../lib/ids.js';
import type { Caller } from '../../lib/caller.js';
import { organizationFor, Permission, scopeOf } from '../../lib/access.js';
import { recordAudit } from '../../lib/audit.js';
import { eventFacts } from './event-facts.js';
import { coinAccountWithBalance, ensureCoinAccount, lockCoinAccount } from '../../lib/ledger.repository.js';
import * as repo from './withdrawals.repository.js';
import { verificationState, type WithdrawalsService } from './withdrawals.service.js';


/** Organizer money of an event: its coin account, balance, bank account and withdrawal state. */
export class PayoutsService {
  constructor(private readonly db: Db, private readonly withdrawals: WithdrawalsService, private readonly mailer: Mailer) {}

  /**
   * `GET /v1/transactions/eo/coin?eventId=`: the caller's event only (anything else 404, existence
   * not revealed; a globalAdmin sees all). Deleted events stay visible here so the page can say
   * why nothing can be withdrawn. One read-only statement (repo.coinAccountView, the day's caps
   * included); it writes only on an event's first look (the account row, lazily) or when a code
   * request has lapsed (closed first, so its reservation is back). The balance is the ledger's sum as the counters keep it.
   */
  async coinAccount(caller: Caller, eventId: string, now = new Date()): Promise<CoinAccount> {
    if (!isUuid(eventId)) throw notFound();
    const scope = scopeOf(caller, Permission.PayoutRead);
    const capValues = this.withdrawals.limits.capValues(caller.userId, now);
    let view = await repo.coinAccountView(this.db, eventId, scope, now, capValues);
    if (!view) throw notFound();
    // A lapsed code request is closed (its reservation released) before the page is shown; the
    // scheduled sweep does it within a minute anyway, so this write is the rare path.
    if (view.lapsed) {
      await this.withdrawals.expireLapsed(now, eventId);
      view = (await repo.coinAccountView(this.db, eventId, scope, now, capValues))!;
    }
    // The first look creates the account row (its id is derived), which saving a bank account names.
    if (!view.accountStored) await ensureCoinAccount(this.db, eventId);
    const { event, open } = view;
    const status = open ? 'Processing' : 'Not Processed';
    const refusal = withdrawalRefusal(eventFacts(event), { status, hasOpenWithdrawal: Boolean(open) }, now);
    // The day's caps of the account (requests) and of the caller (wrong codes), read in the view.
    const capped = refusal ? null : this.withdrawals.limits.refusalOf(view.caps, now);
    return {
      _id: view.accountId,
      eventName: event.name,
      eventList: event.isDraft ? 'draft' : event.lastEventAt && event.lastEventAt < now ? 'history' : 'active',
      coinAmount: view.balance,
      status,
      bankAccount: view.bankCode
        ? { bankCode: view.bankCode, accountName: view.bankAccountName ?? '', accountNumber: view.bankAccountNumber ?? '' }
        : null,
      withdrawalBlockedReason: refusal?.message ?? capped?.message ?? null,
      // Only the member who asked gets the code step: the code went to their mailbox.
      verification: open?.status === 'unverified' && open.requestedBy === caller.userId ? verificationState(open, caller.email) : null,
    };
  }

  /**
   * `POST v1/transactions/eo/bank-account`: the owner sets the account withdrawals go to.
   * Refused while a withdrawal is open (the spec's text): the open one keeps the account it
   * was requested with anyway.
   */
  async saveBankAccount(caller: Caller, body: SaveBankAccount, now = new Date()): Promise<CoinAccount> {
    if (!isUuid(body.eoCoinId) || (body.fromEoCoinId !== undefined && !isUuid(body.fromEoCoinId))) throw notFound();
    const eventId = await this.db.transaction(async (tx) => {
      const event = await repo.findAccountEvent(tx, { coinAccountId: body.eoCoinId }, scopeOf(caller, Permission.PayoutWithdraw));
      if (!event) throw notFound();
      // A saved account of another coin account of the same organization; anyone else's is unknown.
      const bank = body.fromEoCoinId ? await repo.ownBankAccount(tx, body.fromEoCoinId, event.organizationId) : body.bankAccount;
      // Someone else's or unknown: as unknown (404); one of the caller's own with no account saved: 400.
      if (bank === undefined) throw notFound();
      if (bank === null) throw new DomainError(ERROR_CODE.withdrawNotAllowed, WITHDRAW_OWN_MSG.noSavedBank);
      const accountId = await lockCoinAccount(tx, event.eventId);
      if (await repo.openWithdrawal(tx, event.eventId)) throw conflict(WITHDRAW_MSG.editBlocked);
      const before = (await coinAccountWithBalance(tx, event.eventId))!;
      await repo.saveBankAccount(tx, accountId, bank, now);
      await repo.audit(tx, {
        action: 'bank_account_saved', actorId: caller.userId, coinAccountId: accountId, createdAt: now,
        // The number is kept masked in the trail: the account row holds the real one.
        detail: { bankCode: bank.bankCode, accountName: bank.accountName, accountNumberEnd: bank.accountNumber.slice(-4), fromEoCoinId: body.fromEoCoinId ?? null },
      });
      await recordAudit(tx, caller, {
        action: 'bank_account.saved', organizationId: event.organizationId, targetType: 'coin_account', targetId: accountId, summary: event.name ?? undefined,
        // Never the whole number in the organization's log: the bank and the last 4 digits.
        detail: { eventId: event.eventId, bankCode: bank.bankCode, accountNumberEnd: bank.accountNumber.slice(-4) },
      }, now);
      // Every owner hears of it, inside the transaction: a change nobody was told of is not saved.
      const previous = before.bankCode && before.bankAccountNumber ? { bankCode: before.bankCode, accountNumber: before.bankAccountNumber } : null;
      for (const to of await repo.ownerEmails(tx, event.organizationId)) {
        await this.mailer.send(bankAccountMail(to, { eventName: event.name, bank, previous, by: { name: caller.name, email: caller.email }, at: now }))
          .catch(() => { throw new DomainError(ERROR_CODE.withdrawMailFailed, WITHDRAW_MSG.addBankFailed); });
      }
      return event.eventId;
    });
    return this.coinAccount(caller, eventId, now);
  }

  /** `GET /v1/transactions/eo/bank-accounts`: the caller's saved bank accounts, masked, for the picker. */
  async savedBankAccounts(caller: Caller): Promise<SavedBankAccount[]> {
    const rows = await repo.savedBankAccounts(this.db, organizationFor(caller, 'money'));
    return rows.map((r) => ({ fromEoCoinId: r.id, bankCode: r.bankCode, accountName: r.accountName, accountNumberMasked: maskAccountNumber(r.accountNumber) }));
  }
}
