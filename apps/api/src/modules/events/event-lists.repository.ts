import { and, asc, desc, eq, gte, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { EventListItem, EventListQuery, Paged } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { p, plannedOn } from '../../db/prepared-sql.js';
import { events, platformCounters, users } from '../../db/schema/index.js';
import { unionAll } from 'drizzle-orm/pg-core';
import { liveEventsOf, type OwnerScope } from '../../lib/access.repository.js';
import { passedAt, passedEventsOfPlatform, summed } from '../../lib/counters.repository.js';
import { afterRow, cursorFor, nextCursor } from '../../lib/keyset.js';
import { contains } from '../../lib/like.js';
import { paged, pageTotal } from '../../lib/paging.js';

export type ListGroup = 'active' | 'passed' | 'draft';

const SORT_COLUMNS = { createdAt: events.createdAt, updatedAt: events.updatedAt, name: events.name } as const;
const SORT_TYPES = { createdAt: 'timestamptz', updatedAt: 'timestamptz', name: 'text' } as const;

/** Which optional conditions a list query has: each combination is its own prepared statement. */
interface Shape {
  group: ListGroup;
  scoped: boolean;
  name: boolean;
  paid: boolean;
  sponsoredOff: boolean;
  creator: boolean;
  sortParam: keyof typeof SORT_COLUMNS;
  sortBy: 'asc' | 'desc';
  /** A page after a cursor (`after`): starts at its row instead of an offset. */
  keyset: boolean;
}

/** A published event is active with no last date or one from now on: the two ranges its count reads. */
const activeEnds = () => [isNull(events.lastEventAt), gte(events.lastEventAt, p('now'))];

function groupCondition(group: ListGroup): SQL | undefined {
  if (group === 'draft') return eq(events.isDraft, true);
  if (group === 'passed') return and(eq(events.isDraft, false), lt(events.lastEventAt, p('now')));
  return and(eq(events.isDraft, false), or(...activeEnds()));
}

function whereFor(s: Shape, group: SQL | undefined = groupCondition(s.group)): SQL | undefined {
  return and(
    liveEventsOf(s.scoped ? { organizationId: p('organizationId') } : {}),
    group,
    s.name ? ilike(events.name, p('name')) : undefined,
    s.paid ? eq(events.isPaidEvent, p('paid')) : undefined,
    s.sponsoredOff ? eq(events.isSponsored, false) : undefined,
    s.creator ? sql`lower(${users.email}) = lower(${p('creator')})` : undefined,
  );
}

/**
 * The platform-wide (admin) list counts apart from its page: a window count there joins and
 * sorts every one of the platform's events (10,000) for a page of ten, while the page alone
 * walks events_live_created_idx (pageOfIds) and the count reads the counters (a whole group) or
 * only events_live_group_idx (a filtered one). Apart, but in the same statement: the count is an
 * uncorrelated subquery (run once).
 */
const countApart = (s: Shape) => !s.scoped;

/**
 * The platform's whole group (no filter) from the counters (migrations 0023, 0034), as the
 * admin's overview counts it: counting the active ones off the index read every published
 * event's entry (5,400 at scale; 0.68 of the statement's 1.15 ms).
 */
const countedByCounters = (s: Shape) => !s.scoped && !s.name && !s.paid && !s.sponsoredOff && !s.creator;

function groupOfPlatform(db: Db, group: ListGroup) {
  if (group === 'passed') return db.select({ total: sql<number>`${passedEventsOfPlatform()}::int` }).from(sql`(select 1) as one`);
  const total = group === 'draft' ? summed(platformCounters.eventsDraft)
    : sql<number>`${summed(platformCounters.eventsPublished)} - ${passedEventsOfPlatform()}`;
  return db.select({ total: sql<number>`(${total})::int` }).from(platformCounters);
}

type SortColumn = (typeof SORT_COLUMNS)[keyof typeof SORT_COLUMNS];

/** A list row's columns, and its sort key as text (for the next page's cursor). */
const fieldsOf = (sort: SortColumn) => ({
  id: events.id,
  name: events.name,
  type: events.type,
  isPaidEvent: events.isPaidEvent,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
  approvedStatus: events.approvedStatus,
  email: users.email,
  sortKey: sql<string>`${sort}::text`,
});

/**
 * The admin's page: its ids first, in the list's order, then their rows. The ids of the default
 * order walk events_live_created_idx (is_draft, created_at, id, last_event_at) index only, so
 * the events a group's `last_event_at` condition passes over (the newest are often passed ones:
 * 3,600 of them before an active page at 10,000) are read off the index, not the table; only
 * the page's rows are read. Other orders and filters work alike, through whatever serves them.
 */
function pageOfIds(db: Db, s: Shape, matched: SQL | undefined, order: typeof asc, sort: SortColumn, total: SQL) {
  const picked = db.select({ id: events.id }).from(events);
  const ids = (s.creator ? picked.innerJoin(users, eq(users.id, events.creatorId)) : picked)
    .where(matched)
    .orderBy(order(sort), order(events.id))
    .limit(p('limit'))
    .offset(p('offset'));
  // `= any(array(…))`, not a join nor `in`: a generic plan (this statement is prepared) cannot
  // know the LIMIT, and would hash-join a seq scan of every event to the ids (9 ms against 0.3).
  return db
    .select({ ...fieldsOf(sort), total: sql<number>`(${total})` })
    .from(events)
    .innerJoin(users, eq(users.id, events.creatorId))
    .where(sql`${events.id} = any(array(${ids}))`)
    .orderBy(order(sort), order(events.id));
}

/**
 * Prepared once per shape and database: PostgreSQL then plans each shape once instead of on
 * every request (planning cost more than running the query).
 */
const statements = new WeakMap<Db, Map<string, ReturnType<typeof buildStatements>>>();

function buildStatements(db: Db, s: Shape, key: string) {
  const order = s.sortBy === 'asc' ? asc : desc;
  const where = whereFor(s);
  const sort = SORT_COLUMNS[s.sortParam];
  const matched = and(where, s.keyset ? afterRow(sort, events.id, SORT_TYPES[s.sortParam], s.sortBy, { key: p('afterKey'), id: p('afterId') }) : undefined);
  // creator_id is a not-null foreign key: the join removes no row unless a creator is asked for,
  // so without one the count reads events_live_group_idx alone (index only).
  const countOf = (condition: SQL | undefined) => {
    const counted = db.select({ total: sql<number>`count(*)::int`.as('total') }).from(events);
    return (s.creator ? counted.innerJoin(users, eq(users.id, events.creatorId)) : counted).where(condition);
  };
  // The active group counted as its two ranges of events_live_group_idx (no end date, ends from
  // now on): as one OR the count reads every published event's entry, passed ones too (3,600 of
  // 9,000 at scale, and passed events only accumulate), and filters them out.
  const [noEnd, endsLater] = activeEnds();
  const published = (end: SQL) => countOf(whereFor(s, and(eq(events.isDraft, false), end)));
  const parts = s.group === 'active' && db.$with('parts').as(unionAll(published(noEnd), published(endsLater)));
  const counting = countedByCounters(s) ? groupOfPlatform(db, s.group)
    : parts ? db.with(parts).select({ total: sql<number>`sum(${parts.total})::int` }).from(parts) : countOf(where);
  const page = countApart(s)
    ? pageOfIds(db, s, matched, order, sort, sql`${counting}`).prepare(`events_page_${key}`)
    : db
      // An organization's list (at most its own events): the page and, through a window, the
      // total it belongs to, in one round trip.
      .select({ ...fieldsOf(sort), total: sql<number>`(count(*) over ())::int` })
      .from(events)
      .innerJoin(users, eq(users.id, events.creatorId))
      .where(matched)
      .orderBy(order(sort), order(events.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(`events_page_${key}`);
  // A page past the end has no row to carry its total: then it is counted alone.
  const count = counting.prepare(`events_count_${key}`);
  return { page, count };
}

function statementsFor(pool: Db, s: Shape) {
  // Without a name, creator or paid filter a shape's best plan is the same for every organization
  // and page: planned once (see PlanMode). A filter's share varies: planned per call.
  const db = plannedOn(pool, !s.name && !s.creator && !s.paid ? 'generic' : 'custom');
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = new Map()));
  const key = [s.group, +s.scoped, +s.name, +s.paid, +s.sponsoredOff, +s.creator, s.sortParam, s.sortBy, +s.keyset].join('_');
  let st = byShape.get(key);
  if (!st) byShape.set(key, (st = buildStatements(db, s, key)));
  return st;
}

export async function listEvents(db: Db, scope: OwnerScope, group: ListGroup, q: EventListQuery, now: Date): Promise<Paged<EventListItem> & { nextCursor: string | null }> {
  const creator = q.creatorEmail ?? q.creator;
  const after = cursorFor(q.after, q);
  const name = q.filters?.name?.trim();
  const shape: Shape = {
    group,
    scoped: Boolean(scope.organizationId),
    name: Boolean(name),
    paid: q.filters?.isPaidEvent !== undefined,
    sponsoredOff: q.showSponsored === false,
    creator: Boolean(creator),
    sortParam: q.sortParam,
    sortBy: q.sortBy,
    keyset: Boolean(after),
  };
  const values = {
    ...(group === 'draft' ? {} : passedAt(now)),
    organizationId: scope.organizationId,
    name: name ? contains(name) : undefined,
    paid: q.filters?.isPaidEvent,
    creator,
    limit: q.limit,
    offset: after ? 0 : (q.page - 1) * q.limit,
    afterKey: after?.key,
    afterId: after?.id,
  };
  const st = statementsFor(db, shape);
  const count = async () => (await st.count.execute(values))[0].total;
  const rows = await st.page.execute(values);
  const total = await pageTotal(rows, q.page, count);
  const docs = rows.map(({ total: _total, sortKey: _sortKey, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() }));
  return { ...paged(docs, q, total), nextCursor: nextCursor(rows, q.limit, q) };
}
