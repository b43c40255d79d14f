import { and, eq, isNull, sql } from 'drizzle-orm';
import type { EoSummary } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { events, registrants, transactions } from '../../db/schema/index.js';
import type { OwnerScope } from '../../lib/scope.js';

const owned = (scope: OwnerScope) => (scope.creatorId ? eq(events.creatorId, scope.creatorId) : undefined);

/** Sales of the caller's events, deleted ones included: their money was still taken. */
export async function eoSummary(db: DbOrTx, scope: OwnerScope): Promise<EoSummary> {
  const [sales] = await db
    .select({
      totalTicket: sql<number>`coalesce(sum(${transactions.quantity}), 0)::int`,
      totalSales: sql<number>`coalesce(sum(${transactions.amount}), 0)::bigint`,
    })
    .from(transactions)
    .innerJoin(events, eq(events.id, transactions.eventId))
    .where(and(eq(transactions.status, 'confirmed'), owned(scope)));
  const [people] = await db
    .select({ totalParticipant: sql<number>`count(*)::int` })
    .from(registrants)
    .innerJoin(events, eq(events.id, registrants.eventId))
    .where(and(isNull(registrants.cancelledAt), owned(scope)));
  return { totalTicket: sales.totalTicket, totalSales: Number(sales.totalSales), totalParticipant: people.totalParticipant };
}
