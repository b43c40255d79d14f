import { eq, sql } from 'drizzle-orm';
import type { EoSummary } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-sql.js';
import { organizationCounters } from '../../db/schema/index.js';
import { platformTotals, summed } from '../../lib/counters.repository.js';
import type { OwnerScope } from '../../lib/access.repository.js';

/**
 * Sales of the caller's events, deleted ones included: their money was still taken. Read from the
 * counters (migration 0023): the organization's rows, or for a globalAdmin, who owns
 * everything, the platform's own rows.
 */
export async function eoSummary(db: DbOrTx, scope: OwnerScope): Promise<EoSummary> {
  if (!scope.organizationId) {
    const p = await platformTotals(db);
    return { totalTicket: p.ticketsSold, totalSales: p.sales, totalParticipant: p.participants };
  }
  const [row] = await organizationSummary(db, { organizationId: scope.organizationId });
  return row;
}

// The overview's figures, read on every dashboard load: built once (see preparedQuery).
const organizationSummary = preparedQuery('sales_organization_summary', (db) => db
  .select({
    totalTicket: summed(organizationCounters.ticketsSold),
    totalSales: summed(organizationCounters.sales),
    totalParticipant: summed(organizationCounters.participants),
  })
  .from(organizationCounters)
  .where(eq(organizationCounters.organizationId, sql.placeholder('organizationId'))));
