import { and, asc, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { EventPayload, Paged, ReviewItem, ReviewListQuery, RevisionChange, RevisionItem, RevisionListQuery } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { p, preparedShapes } from '../../db/prepared-sql.js';
import { eventRevisions, events, users } from '../../db/schema/index.js';
import { contains } from '../../lib/like.js';
import { paged, pageTotal } from '../../lib/paging.js';

const SORT_COLUMNS = { createdAt: events.createdAt, updatedAt: events.updatedAt, name: events.name } as const;

type Shape = `${ReviewListQuery['sortParam']}_${ReviewListQuery['sortBy']}_${'all' | 'name'}`;

/**
 * The queue's page and the total it belongs to in one statement, built and prepared once per
 * shape (sort, name filter or not). The page walks one of the queue's partial indexes (migration
 * 0027) in its order; the total is an uncorrelated subquery counted off one of them (run once):
 * a window count joined and sorted every waiting event for each page. Without a name the plan
 * is the same whatever the page: planned once (see PlanMode); a name's share varies.
 */
const pendingPage = preparedShapes('review_queue', (db, shape: Shape) => {
  const [sortParam, sortBy, filter] = shape.split('_') as [ReviewListQuery['sortParam'], ReviewListQuery['sortBy'], 'all' | 'name'];
  // As the partial indexes say it, in the statement's text: a generic plan uses a partial index
  // only when its condition is written out, not passed as a value.
  const where = and(
    sql`${events.approvedStatus} = 'pending' and not ${events.isDraft}`, isNull(events.deletedAt),
    filter === 'name' ? ilike(events.name, p('name')) : undefined,
  );
  const order = sortBy === 'asc' ? asc : desc;
  return db.select({
    id: events.id, name: events.name, type: events.type, isPaidEvent: events.isPaidEvent,
    createdAt: events.createdAt, updatedAt: events.updatedAt, approvedStatus: events.approvedStatus,
    email: users.email, organizerName: events.eoName, imageUrl: events.imageUrl, firstEventAt: events.firstEventAt,
    total: sql<number>`(select count(*)::int from ${events} where ${where})`.mapWith(Number),
  })
    .from(events)
    .innerJoin(users, eq(users.id, events.creatorId))
    .where(where)
    .orderBy(order(SORT_COLUMNS[sortParam]), order(events.id))
    .limit(p('limit'))
    .offset(p('offset'));
}, (shape) => (shape.endsWith('_all') ? 'generic' : 'custom'));

/** Submitted, live events waiting for the admin: the review queue. */
export async function listPending(db: DbOrTx, q: ReviewListQuery): Promise<Paged<ReviewItem>> {
  const name = q.filters?.name?.trim();
  const page = (offset: number, limit: number) => pendingPage(db, `${q.sortParam}_${q.sortBy}_${name ? 'name' : 'all'}`, {
    name: name ? contains(name) : undefined, limit, offset,
  });
  const rows = await page((q.page - 1) * q.limit, q.limit);
  // A page past the end has no row to carry the total: the first row of the queue carries it.
  const total = await pageTotal(rows, q.page, async () => (await page(0, 1))[0]?.total ?? 0);
  return paged(rows.map(({ total: _total, ...r }) => ({
    ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(), firstEventAt: r.firstEventAt?.toISOString() ?? null,
  })), q, total);
}

/**
 * The event under review with its creator's address, locked like an edit (FOR NO KEY UPDATE:
 * a concurrent edit or second decision waits, registrations do not), so a decision and an
 * edit that sends the event back to review cannot cross.
 */
export async function lockForReview(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: events.id, name: events.name, isDraft: events.isDraft, deletedAt: events.deletedAt,
      approvedStatus: events.approvedStatus, creatorEmail: users.email, creatorName: users.name,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.creatorId))
    .where(eq(events.id, id))
    .for('no key update', { of: events });
  return row;
}

export async function setStatus(db: DbOrTx, id: string, approvedStatus: string, now: Date) {
  await db.update(events).set({ approvedStatus, updatedAt: now }).where(eq(events.id, id));
}

/**
 * Approved, live events with a waiting revision, oldest first (the queue is worked in order),
 * with what each changes. Walks `event_revisions_submitted_idx`; the total is counted off the
 * same join (a handful of rows: revisions wait hours, not months).
 */
export async function listRevisions(db: DbOrTx, q: RevisionListQuery): Promise<Paged<RevisionItem>> {
  const order = q.sortBy === 'asc' ? asc : desc;
  const live = and(eq(events.approvedStatus, 'approved'), isNull(events.deletedAt));
  const rows = await db
    .select({
      id: events.id, name: events.name, organizerName: events.eoName, email: users.email,
      submittedAt: eventRevisions.submittedAt, changes: eventRevisions.changes,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(eventRevisions)
    .innerJoin(events, eq(events.id, eventRevisions.eventId))
    .innerJoin(users, eq(users.id, events.creatorId))
    .where(live)
    .orderBy(order(eventRevisions.submittedAt), order(eventRevisions.eventId))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const total = await pageTotal(rows, q.page, async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(eventRevisions).innerJoin(events, eq(events.id, eventRevisions.eventId)).where(live);
    return row?.n ?? 0;
  });
  return paged(rows.map(({ total: _total, ...r }) => ({ ...r, submittedAt: r.submittedAt.toISOString(), changes: r.changes as RevisionChange[] })), q, total);
}

/** The event's waiting revision, locked (the caller holds the event's lock first), or undefined. */
export async function lockRevision(db: DbOrTx, eventId: string) {
  const [row] = await db.select().from(eventRevisions).where(eq(eventRevisions.eventId, eventId)).for('update');
  return row && { payload: row.payload as EventPayload, changes: row.changes as RevisionChange[] };
}

export async function deleteRevision(db: DbOrTx, eventId: string) {
  await db.delete(eventRevisions).where(eq(eventRevisions.eventId, eventId));
}
