import { and, asc, desc, eq, gt, gte, or, sql, type SQL } from 'drizzle-orm';
import type { TransactionFilters, TransactionListQuery } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery, preparedShapes, preparedSql } from '../../db/prepared-sql.js';
import { isoTimestamp } from '../../db/iso-timestamp.js';
import { eventSalesCounters, seatsLeft, ticketPriceHistory, tickets, transactions, seatsSold } from '../../db/schema/index.js';
import { pageTotal } from '../../lib/paging.js';

interface SummaryTicket { id: string; name: string; price: number; type: string; originalQuotaType: string; originalQuota: number; quota: number; seats: number }

/**
 * The sales summary in ONE statement: the event's counters (gross, discount, amount) and its live
 * tickets by position with the seats their registrants hold (the counters' slots), as JSON.
 */
export async function salesSummaryOf(db: DbOrTx, eventId: string) {
  const [row] = await salesSummaryRow(db, { eventId });
  // Integer rupiah: a bigint arrives as text; well under 2^53 here.
  return { gross: Number(row!.gross), discount: Number(row!.discount), amount: Number(row!.amount), tickets: row!.tickets };
}

const salesSummaryRow = preparedSql<{ gross: string | number | bigint; discount: string | number | bigint; amount: string | number | bigint; tickets: SummaryTicket[] }>('sales_summary', () => sql`
  select coalesce(sum(${eventSalesCounters.gross}), 0)::bigint as gross, coalesce(sum(${eventSalesCounters.discount}), 0)::bigint as discount,
    coalesce(sum(${eventSalesCounters.amount}), 0)::bigint as amount,
    (select coalesce(json_agg(json_build_object(
        'id', t.id, 'name', t.name, 'price', t.price, 'type', t.type, 'originalQuotaType', t.original_quota_type,
        'originalQuota', t.original_quota, 'quota', ${seatsLeft()},
        'seats', ${seatsSold()}
      ) order by t.position), '[]'::json)
     from ${tickets} t where t.event_id = ${sql.placeholder('eventId')} and t.deleted_at is null) as tickets
  from ${eventSalesCounters} where ${eventSalesCounters.eventId} = ${sql.placeholder('eventId')}`);

function matching(eventId: string, f: TransactionFilters | undefined): SQL | undefined {
  return and(
    eq(transactions.eventId, eventId),
    f?.ticketId ? eq(transactions.ticketId, f.ticketId) : undefined,
    f?.status ? eq(transactions.status, f.status) : undefined,
  );
}

/** The filters of a page as placeholders (`eventId`, `ticketId`, `status`): the shape says which are present. */
function matchingShape(shape: string): SQL | undefined {
  return and(
    eq(transactions.eventId, sql.placeholder('eventId')),
    shape.includes('ticket') ? eq(transactions.ticketId, sql.placeholder('ticketId')) : undefined,
    shape.includes('status') ? eq(transactions.status, sql.placeholder('status')) : undefined,
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
/** A row of a page: `columns`, its time as the answer's ISO string (db/iso-timestamp). */
export type TransactionPageRow = Awaited<ReturnType<typeof transactionPage>>['rows'][number];

const SORT = { createdAt: transactions.createdAt, amount: transactions.amount } as const;

/** One page and its total (transactions_event_created_id_idx serves both). */
export async function transactionPage(db: DbOrTx, eventId: string, q: TransactionListQuery) {
  const filters = `${q.filters?.ticketId ? 'ticket' : ''}${q.filters?.status ? 'status' : ''}` || 'all';
  const values = { eventId, ticketId: q.filters?.ticketId, status: q.filters?.status, limit: q.limit, offset: (q.page - 1) * q.limit };
  const rows = await transactionsPage(db, `${filters}_${q.sortParam}_${q.sortBy}`, values);
  const total = await pageTotal(rows, q.page, async () => (await transactionsCount(db, filters, values))[0].n);
  return { rows, total };
}

// Riwayat Penjualan's page, read on every view of the tab: one statement per filter combination
// and order (at most 16), each built once (see preparedShapes). Unfiltered, planned once for all
// events and pages (see PlanMode): the event's index in order. A ticket or status filter's best
// plan depends on how common the value is: planned per call.
const transactionsPage = preparedShapes('sales_transactions_page', (db, shape) => {
  const [filters, sortParam, sortBy] = shape.split('_') as [string, keyof typeof SORT, 'asc' | 'desc'];
  const order = sortBy === 'asc' ? asc : desc;
  // The total apart from the page (an uncorrelated subquery, run once, index only): a window
  // total joined every transaction of the event to its ticket for a page of ten.
  const total = db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(matchingShape(filters));
  return db
    .select({ ...columns, createdAt: isoTimestamp(transactions.createdAt), total: sql<number>`(${total})` })
    .from(transactions)
    .innerJoin(tickets, eq(tickets.id, transactions.ticketId))
    .where(matchingShape(filters))
    .orderBy(order(SORT[sortParam]), order(transactions.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}, (shape) => (shape.startsWith('all_') ? 'generic' : 'custom'));
const transactionsCount = preparedShapes('sales_transactions_count', (db, filters) =>
  db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(matchingShape(filters)));

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

/**
 * A ticket's price changes, newest first, when the ticket belongs to the event (removed
 * categories keep their history); undefined when it does not. One statement: the ticket's row,
 * left-joined to its history.
 */
export async function priceHistoryOfTicket(db: DbOrTx, eventId: string, ticketId: string) {
  const rows = await ticketWithPriceHistory(db, { eventId, ticketId });
  if (!rows.length) return undefined;
  return rows.flatMap((r) => (r.createdAt ? [{ createdAt: r.createdAt, oldPrice: r.oldPrice!, newPrice: r.newPrice! }] : []));
}

const ticketWithPriceHistory = preparedQuery('sales_ticket_price_history', (db) => db
  .select({ createdAt: ticketPriceHistory.createdAt, oldPrice: ticketPriceHistory.oldPrice, newPrice: ticketPriceHistory.newPrice })
  .from(tickets)
  .leftJoin(ticketPriceHistory, eq(ticketPriceHistory.ticketId, tickets.id))
  .where(and(eq(tickets.id, sql.placeholder('ticketId')), eq(tickets.eventId, sql.placeholder('eventId'))))
  .orderBy(desc(ticketPriceHistory.createdAt), desc(ticketPriceHistory.id)));
