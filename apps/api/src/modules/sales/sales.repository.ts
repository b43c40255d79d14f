import { and, eq, isNull, sql } from 'drizzle-orm';
import type { EoSummary } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { events, registrants, transactions } from '../../db/schema/index.js';
import { eventsOwnedBy, type OwnerScope } from '../../lib/access.repository.js';

/**
 * Sales of the caller's events, deleted ones included: their money was still taken. Both sums
 * read only the partial indexes (transactions_event_confirmed_idx, registrants_event_active_idx)
 * per owned event; for a globalAdmin, who owns everything, the join to events is left out.
 */
export async function eoSummary(db: DbOrTx, scope: OwnerScope): Promise<EoSummary> {
  const salesQuery = db
    .select({
      totalTicket: sql<number>`coalesce(sum(${transactions.quantity}), 0)::int`,
      totalSales: sql<number>`coalesce(sum(${transactions.amount}), 0)::bigint`,
    })
    .from(transactions);
  const peopleQuery = db.select({ totalParticipant: sql<number>`count(*)::int` }).from(registrants);
  const [[sales], [people]] = await Promise.all([
    (scope.organizationId ? salesQuery.innerJoin(events, eq(events.id, transactions.eventId)) : salesQuery)
      .where(and(eq(transactions.status, 'confirmed'), eventsOwnedBy(scope))),
    (scope.organizationId ? peopleQuery.innerJoin(events, eq(events.id, registrants.eventId)) : peopleQuery)
      .where(and(isNull(registrants.cancelledAt), eventsOwnedBy(scope))),
  ]);
  return { totalTicket: sales.totalTicket, totalSales: Number(sales.totalSales), totalParticipant: people.totalParticipant };
}
