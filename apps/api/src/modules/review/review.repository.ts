import { and, asc, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { Paged, ReviewItem, ReviewListQuery } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { events, users } from '../../db/schema/index.js';
import { contains } from '../../lib/like.js';
import { paged } from '../../lib/paging.js';

const SORT_COLUMNS = { createdAt: events.createdAt, updatedAt: events.updatedAt, name: events.name } as const;

/** Submitted, live events waiting for the admin: the review queue. */
export async function listPending(db: DbOrTx, q: ReviewListQuery): Promise<Paged<ReviewItem>> {
  const name = q.filters?.name?.trim();
  const where = and(
    eq(events.approvedStatus, 'pending'), eq(events.isDraft, false), isNull(events.deletedAt),
    name ? ilike(events.name, contains(name)) : undefined,
  );
  const order = q.sortBy === 'asc' ? asc : desc;
  // A page walks one of the queue's partial indexes (migration 0027) and the total is counted
  // apart off one of them: a window count joined and sorted every waiting event for each page.
  const [rows, [{ total }]] = await Promise.all([
    db.select({
      id: events.id, name: events.name, type: events.type, isPaidEvent: events.isPaidEvent,
      createdAt: events.createdAt, updatedAt: events.updatedAt, approvedStatus: events.approvedStatus,
      email: users.email, organizerName: events.eoName, imageUrl: events.imageUrl, firstEventAt: events.firstEventAt,
    })
      .from(events)
      .innerJoin(users, eq(users.id, events.creatorId))
      .where(where)
      .orderBy(order(SORT_COLUMNS[q.sortParam]), order(events.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(events).where(where),
  ]);
  return paged(rows.map((r) => ({
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
