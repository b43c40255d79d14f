import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { EventTotals } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import type { OwnerScope } from '../../lib/scope.js';

/** Live (not deleted) events inside the caller's scope. */
export function scopedEvents(scope: OwnerScope): SQL | undefined {
  return and(isNull(events.deletedAt), scope.creatorId ? eq(events.creatorId, scope.creatorId) : undefined);
}

/**
 * Groups of spec section 4: drafts; active = published and the last event date not yet
 * passed (or no date set); passed = published with the last date behind us.
 */
export async function countByGroup(db: DbOrTx, scope: OwnerScope, now: Date): Promise<EventTotals> {
  const at = now.toISOString();
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where not ${events.isDraft} and (${events.lastEventAt} is null or ${events.lastEventAt} >= ${at}))::int`,
      draft: sql<number>`count(*) filter (where ${events.isDraft})::int`,
      passed: sql<number>`count(*) filter (where not ${events.isDraft} and ${events.lastEventAt} < ${at})::int`,
    })
    .from(events)
    .where(scopedEvents(scope));
  return row;
}
