import { eq, sql } from 'drizzle-orm';
import type { ApprovedStatus, EventTotals } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-sql.js';
import { events, platformCounters } from '../../db/schema/index.js';
import { liveEventsOf, type OwnerScope } from '../../lib/access.repository.js';
import { passedAt, passedEventsOfPlatform, summed } from '../../lib/counters.repository.js';

/**
 * Groups of spec section 4: drafts; active = published and the last event date not yet
 * passed (or no date set); passed = published with the last date behind us.
 */
export async function countByGroup(db: DbOrTx, scope: OwnerScope, now: Date): Promise<EventTotals> {
  if (!scope.organizationId) {
    const [row] = await groupsOfPlatform(db, passedAt(now));
    return { active: row.published - row.passed, draft: row.draft, passed: row.passed };
  }
  const [row] = await groupsOfOrganization(db, { now: now.toISOString(), organizationId: scope.organizationId });
  return row;
}

// The overview's counts, read on every dashboard load: built once (see preparedQuery).
// The whole platform in one statement, from the counters: drafts and published (migration 0023),
// the passed ones by the day of their last date (0034).
const groupsOfPlatform = preparedQuery('events_groups_of_platform', (db) => db
  .select({
    draft: summed(platformCounters.eventsDraft),
    published: summed(platformCounters.eventsPublished),
    passed: passedEventsOfPlatform(),
  })
  .from(platformCounters));
const groupsOfOrganization = preparedQuery('events_groups_of_organization', (db) => {
  const at = sql.placeholder('now');
  return db
    .select({
      active: sql<number>`count(*) filter (where not ${events.isDraft} and (${events.lastEventAt} is null or ${events.lastEventAt} >= ${at}))::int`,
      draft: sql<number>`count(*) filter (where ${events.isDraft})::int`,
      passed: sql<number>`count(*) filter (where not ${events.isDraft} and ${events.lastEventAt} < ${at})::int`,
    })
    .from(events)
    .where(liveEventsOf({ organizationId: sql.placeholder('organizationId') }));
});

/** Whether the event exists (and so was set). */
export async function updateApproval(db: DbOrTx, eventId: string, approvedStatus: ApprovedStatus, now: Date): Promise<boolean> {
  const set = await db.update(events).set({ approvedStatus, updatedAt: now }).where(eq(events.id, eventId)).returning({ id: events.id });
  return set.length > 0;
}
