import { eq, sql } from 'drizzle-orm';
import type { EoSummary } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { checkinCounters, events, eventSalesCounters } from '../../db/schema/index.js';
import { platformTotals } from '../../lib/counters.repository.js';
import type { OwnerScope } from '../../lib/access.repository.js';

/**
 * Sales of the caller's events, deleted ones included: their money was still taken. Read from the
 * counters (migration 0023): an organization's per-event rows, or for a globalAdmin, who owns
 * everything, the platform's own rows.
 */
export async function eoSummary(db: DbOrTx, scope: OwnerScope): Promise<EoSummary> {
  if (!scope.organizationId) {
    const p = await platformTotals(db);
    return { totalTicket: p.ticketsSold, totalSales: p.sales, totalParticipant: p.participants };
  }
  const owned = eq(events.organizationId, scope.organizationId);
  const [[sales], [people]] = await Promise.all([
    db.select({
      totalTicket: sql<number>`coalesce(sum(${eventSalesCounters.ticketsSold}), 0)`.mapWith(Number),
      totalSales: sql<number>`coalesce(sum(${eventSalesCounters.amount}), 0)`.mapWith(Number),
    }).from(eventSalesCounters).innerJoin(events, eq(events.id, eventSalesCounters.eventId)).where(owned),
    db.select({ totalParticipant: sql<number>`coalesce(sum(${checkinCounters.registered}), 0)`.mapWith(Number) })
      .from(checkinCounters).innerJoin(events, eq(events.id, checkinCounters.eventId)).where(owned),
  ]);
  return { totalTicket: sales.totalTicket, totalSales: sales.totalSales, totalParticipant: people.totalParticipant };
}
