import type { CoinAccount } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { OwnerScope } from '../../lib/scope.js';
import { findScopedEvent } from '../events/event-detail.repository.js';
import { coinAccountWithBalance, ensureCoinAccount } from './ledger.repository.js';

/** Organizer money of an event: coin account and balance (withdrawals come next, issue 6). */
export class PayoutsService {
  constructor(private readonly db: Db) {}

  /**
   * `GET /v1/transactions/eo/coin?eventId=`: the caller's event only (anything else 404, existence
   * not revealed; a globalAdmin sees all). The account is created on first look; its balance is
   * the sum of its ledger, never a stored figure.
   */
  async coinAccount(scope: OwnerScope, eventId: string): Promise<CoinAccount> {
    const event = isUuid(eventId) ? await findScopedEvent(this.db, scope, eventId) : undefined;
    if (!event) throw notFound();
    await ensureCoinAccount(this.db, event.id);
    const account = (await coinAccountWithBalance(this.db, event.id))!;
    return {
      _id: account.id,
      coinAmount: account.balance,
      status: account.status,
      bankAccount: account.bankCode
        ? { bankCode: account.bankCode, accountName: account.bankAccountName ?? '', accountNumber: account.bankAccountNumber ?? '' }
        : null,
    };
  }
}
