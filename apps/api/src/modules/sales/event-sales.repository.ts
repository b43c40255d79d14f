import { and, asc, desc, eq, gt, gte, or, sql, type SQL } from 'drizzle-orm';
import type { TransactionFilters, TransactionListQuery } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { ticketPriceHistory, tickets, transactions } from '../../db/schema/index.js';
import { eventSales } from '../../lib/counters.repository.js';
import { pageTotal } from '../../lib/paging.js';

/** Confirmed sales of one event in integer rupiah (refunds are money given back), from its counters. */
export async function salesTotals(db: DbOrTx, eventId: string) {
  const { gross, discount, amount } = await eventSales(db, eventId);
  return { gross, discount, amount };
}

function matching(eventId: string, f: TransactionFilters | undefined): SQL | undefined {
  return and(
    eq(transactions.eventId, eventId),
    f?.ticketId ? eq(transactions.ticketId, f.ticketId) : undefined,
    f?.status ? eq(transactions.status, f.status) : undefined,
  );
}

const columns = {
  id: transactions.id,
  invoiceId: transactions.invoiceId,
  createdAt: transactions.createdAt,
  buyerName: transactions.buyerName,
  buyerEmail: transactions.buyerEmail,
  buyerPhone: transactions.buyerPhone,
  ticketId: transactions.ticketId,
  ticketName: tickets.name,
  quantity: transactions.quantity,
  unitPrice: transactions.unitPrice,
  grossAmount: transactions.grossAmount,
  discountAmount: transactions.discountAmount,
  amount: transactions.amount,
  discountCode: transactions.discountCode,
  status: transactions.status,
};
export type TransactionRow = Awaited<ReturnType<typeof transactionBatch>>[number];

const SORT = { createdAt: transactions.createdAt, amount: transactions.amount } as const;

/** One page and, through a window, its total (transactions_event_created_idx serves both). */
export async function transactionPage(db: DbOrTx, eventId: string, q: TransactionListQuery) {
  const order = q.sortBy === 'asc' ? asc : desc;
  const rows = await db
    .select({ ...columns, total: sql<number>`(count(*) over ())::int` })
    .from(transactions)
    .innerJoin(tickets, eq(tickets.id, transactions.ticketId))
    .where(matching(eventId, q.filters))
    .orderBy(order(SORT[q.sortParam]), order(transactions.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const total = await pageTotal(rows, q.page, async () =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(matching(eventId, q.filters)))[0].n);
  return { rows, total };
}

/** Keyset batch, oldest first; the cursor keeps created_at as text (microseconds intact). */
export function transactionBatch(db: DbOrTx, eventId: string, f: TransactionFilters | undefined, after: { at: string; id: string } | undefined, size: number) {
  const at = after && sql`${after.at}::timestamptz`;
  return db
    .select({ ...columns, cursor: sql<string>`${transactions.createdAt}::text` })
    .from(transactions)
    .innerJoin(tickets, eq(tickets.id, transactions.ticketId))
    .where(and(
      matching(eventId, f),
      at ? and(gte(transactions.createdAt, at), or(gt(transactions.createdAt, at), gt(transactions.id, after.id))) : undefined,
    ))
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .limit(size);
}

/** The ticket when it belongs to the event (removed categories keep their history). */
export async function ticketOfEvent(db: DbOrTx, eventId: string, ticketId: string) {
  const [row] = await db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.id, ticketId), eq(tickets.eventId, eventId)));
  return row;
}

export function priceHistory(db: DbOrTx, ticketId: string) {
  return db
    .select({ createdAt: ticketPriceHistory.createdAt, oldPrice: ticketPriceHistory.oldPrice, newPrice: ticketPriceHistory.newPrice })
    .from(ticketPriceHistory)
    .where(eq(ticketPriceHistory.ticketId, ticketId))
    .orderBy(desc(ticketPriceHistory.createdAt), desc(ticketPriceHistory.id));
}
