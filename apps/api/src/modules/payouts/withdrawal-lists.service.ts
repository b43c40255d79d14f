import {
  bankName, WITHDRAWAL_MIN, type AvailableWithdrawal, type Paged, type Receipt, type Withdrawal,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { Permission, scopeOf } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { paged, pageTotal } from '../../lib/paging.js';
import * as lists from './withdrawal-lists.repository.js';
import type { WithdrawalsService } from './withdrawals.service.js';

interface PageQuery<S extends string> { page: number; limit: number; sortBy: 'asc' | 'desc'; sortParam: S }

/** Whose withdrawals a caller sees (a globalAdmin: everyone's). */
const organizationOf = (caller: Caller) => scopeOf(caller, Permission.PayoutRead).organizationId;

function withdrawalOut(w: lists.ShownWithdrawal, eventName: string): Withdrawal {
  return {
    _id: w.id,
    referenceId: w.referenceId,
    createdAt: w.createdAt,
    amount: w.amount,
    status: w.status,
    withdrawDetail: {
      eoCoinId: { _id: w.coinAccountId, eventId: w.eventId },
      sentAt: w.sentAt,
      status: w.status,
      eventName,
    },
    bankAccount: { bankCode: w.bankCode, bankName: bankName(w.bankCode) ?? w.bankCode, accountName: w.bankAccountName, accountNumber: w.bankAccountNumber },
  };
}

/** Withdrawal history, receipts and the events open for withdrawal, scoped to the caller. */
export class WithdrawalListsService {
  constructor(private readonly db: Db, private readonly withdrawals: WithdrawalsService) {}

  /** `GET /v1/transactions/eo/coin/withdrawal`; `eventCreator` is never trusted: the caller decides. */
  async history(caller: Caller, q: PageQuery<'createdAt' | 'amount'> & { eventId?: string }, now = new Date()): Promise<Paged<Withdrawal>> {
    if (q.eventId !== undefined && !isUuid(q.eventId)) return paged([], q, 0);
    const { rows, count } = await this.swept(now, () => lists.withdrawalPage(this.db, { ...q, organizationId: organizationOf(caller), now }));
    return paged(rows.map((r) => withdrawalOut(r.w, r.eventName)), q, await pageTotal(rows, q.page, count));
  }

  /**
   * A page read after the lapsed code requests of its scope are closed (their reservations
   * released), as the scheduled sweep would within a minute: the page's own statement says whether
   * there is one, so the sweep and a second read are the rare path.
   */
  private async swept<P extends { lapsed: () => Promise<boolean> }>(now: Date, read: () => Promise<P>): Promise<P> {
    const page = await read();
    if (!(await page.lapsed())) return page;
    await this.withdrawals.expireLapsed(now);
    return read();
  }

  async withdrawal(caller: Caller, id: string): Promise<Withdrawal> {
    const row = isUuid(id) ? await lists.findWithdrawal(this.db, { id }, organizationOf(caller)) : undefined;
    if (!row) throw notFound();
    return withdrawalOut(row.w, row.eventName);
  }

  /**
   * `GET …/withdrawal/receipt?transactionId=` (the referenceId, or the withdrawal's _id): the
   * event's sales and payment fees as the ledger stood when the withdrawal was requested, their
   * difference, what was withdrawn and where it went (the account copied at request time).
   */
  async receipt(caller: Caller, transactionId: string): Promise<Receipt> {
    const ref = isUuid(transactionId) ? { id: transactionId } : { referenceId: transactionId };
    const row = await lists.findWithdrawal(this.db, ref, organizationOf(caller));
    if (!row) throw notFound();
    const { w } = row;
    const { sales, fees } = await lists.salesAndFeesUntil(this.db, w.coinAccountId, w.createdAt);
    return {
      referenceId: w.referenceId,
      createdAt: w.createdAt,
      sentAt: w.sentAt,
      status: w.status,
      eventName: row.eventName,
      amount: w.amount,
      totalSales: sales,
      paymentFee: fees,
      totalCleanReception: sales - fees,
      bankAccount: { bankName: bankName(w.bankCode) ?? w.bankCode, accountNumber: w.bankAccountNumber, accountName: w.bankAccountName },
    };
  }

  /** `GET /v1/events/available-withdrawal`: what the payout drawer lists. */
  async available(caller: Caller, q: PageQuery<'lastEventAt' | 'coinAmount'>, now = new Date()): Promise<Paged<AvailableWithdrawal>> {
    const { rows, count } = await this.swept(now, () => lists.availablePage(this.db, { ...q, organizationId: organizationOf(caller), now, minimum: WITHDRAWAL_MIN }));
    const docs = rows.map((r) => ({
      _id: r.id, name: r.name, imageUrl: r.imageUrl, lastEventAt: r.lastEventAt, eoCoinId: r.eoCoinId, coinAmount: r.coinAmount,
    }));
    return paged(docs, q, await pageTotal(rows, q.page, count));
  }
}
