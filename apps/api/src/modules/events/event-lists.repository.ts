import { and, asc, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { EventListItem, EventListQuery, Paged } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { events, users } from '../../db/schema/index.js';
import type { OwnerScope } from '../../lib/scope.js';
import { scopedEvents } from './events.repository.js';

export type ListGroup = 'active' | 'passed' | 'draft';

/** `%` and `_` typed by a user are searched for literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function groupCondition(group: ListGroup, now: Date): SQL | undefined {
  if (group === 'draft') return eq(events.isDraft, true);
  if (group === 'passed') return and(eq(events.isDraft, false), lt(events.lastEventAt, now));
  return and(eq(events.isDraft, false), or(isNull(events.lastEventAt), gte(events.lastEventAt, now)));
}

const SORT_COLUMNS = { createdAt: events.createdAt, updatedAt: events.updatedAt, name: events.name } as const;

export async function listEvents(db: DbOrTx, scope: OwnerScope, group: ListGroup, q: EventListQuery, now: Date): Promise<Paged<EventListItem>> {
  const creator = q.creatorEmail ?? q.creator;
  const where = and(
    scopedEvents(scope),
    groupCondition(group, now),
    q.filters?.name ? ilike(events.name, `%${likeEscape(q.filters.name.trim())}%`) : undefined,
    q.filters?.isPaidEvent === undefined ? undefined : eq(events.isPaidEvent, q.filters.isPaidEvent),
    q.showSponsored === false ? eq(events.isSponsored, false) : undefined,
    creator ? sql`lower(${users.email}) = lower(${creator})` : undefined,
  );
  const order = q.sortBy === 'asc' ? asc : desc;
  // One round trip: the page and, through a window, the total it belongs to.
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      type: events.type,
      isPaidEvent: events.isPaidEvent,
      createdAt: events.createdAt,
      updatedAt: events.updatedAt,
      approvedStatus: events.approvedStatus,
      email: users.email,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.creatorId))
    .where(where)
    .orderBy(order(SORT_COLUMNS[q.sortParam]), order(events.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  // Past the last page there is no row to carry the total: count separately then.
  const total = rows[0]?.total ?? (q.page > 1 ? await countWhere(db, where) : 0);
  return {
    docs: rows.map(({ total: _total, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
    page: q.page,
    limit: q.limit,
    totalDocs: total,
    totalPages: Math.ceil(total / q.limit),
  };
}

async function countWhere(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(events)
    .innerJoin(users, eq(users.id, events.creatorId))
    .where(where);
  return row.total;
}
