import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { events, tickets, transactions } from '../../db/schema/index.js';

/** A transaction with what its invoice shows and who owns its event (deleted events included). */
export async function findInvoice(db: DbOrTx, transactionId: string) {
  const [row] = await db
    .select({
      id: transactions.id,
      invoiceId: transactions.invoiceId,
      createdAt: transactions.createdAt,
      buyerName: transactions.buyerName,
      buyerEmail: transactions.buyerEmail,
      buyerPhone: transactions.buyerPhone,
      quantity: transactions.quantity,
      unitPrice: transactions.unitPrice,
      grossAmount: transactions.grossAmount,
      discountAmount: transactions.discountAmount,
      discountCode: transactions.discountCode,
      amount: transactions.amount,
      status: transactions.status,
      refundedAt: transactions.refundedAt,
      ticketName: tickets.name,
      eventName: events.name,
      organizationId: events.organizationId,
    })
    .from(transactions)
    .innerJoin(events, eq(events.id, transactions.eventId))
    .innerJoin(tickets, eq(tickets.id, transactions.ticketId))
    .where(eq(transactions.id, transactionId));
  return row;
}
export type InvoiceData = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;
