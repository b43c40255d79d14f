import { and, asc, desc, eq, gt, gte, ilike, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { KeysetCursor, RegistrantFilters, RegistrantListQuery, RegistrantQuestion, RegistrantStatus } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { p, preparedQuery, preparedShapes } from '../../db/prepared-sql.js';
import { isoTimestamp } from '../../db/iso-timestamp.js';
import { alias, type WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import { checkedInByName } from '../../lib/checked-in-by.js';
import { summed } from '../../lib/counters.repository.js';
import { afterRow } from '../../lib/keyset.js';
import { contains, phoneDigitsLike } from '../../lib/like.js';
import { nameContainsOf, nameIndexed } from '../../lib/name-search.repository.js';
import { ANSWER_FILE_IDS_PATH, checkinCounters, registrantAnswers, registrants, registrantStatusIs, registrationQuestions, tickets, users } from '../../db/schema/index.js';


/** Which filters a search has, as a prepared statement's shape: the name's (nameIndexed or not), email, phone, status. */
interface FilterShape { name: 'none' | 'indexed' | 'short'; email: boolean; phone: boolean; status: RegistrantStatus | 'all' }

/** The filters' texts, trimmed (digits only for the phone, leading zeros dropped: "0812" finds 0812..., 62812... and +62 812-...). */
function filterTexts(f: RegistrantFilters | undefined) {
  return { name: f?.name?.trim() ?? '', email: f?.email?.trim() ?? '', phone: f?.phoneNumber?.trim().replace(/^0+/, '') ?? '', status: f?.status ?? 'confirmed' };
}

function filterShape(f: RegistrantFilters | undefined): FilterShape {
  const t = filterTexts(f);
  return { name: !t.name ? 'none' : nameIndexed(t.name) ? 'indexed' : 'short', email: Boolean(t.email), phone: Boolean(t.phone), status: t.status };
}

/** The values `matching` compares with, as a statement's parameters. */
function filterValues(f: RegistrantFilters | undefined) {
  const t = filterTexts(f);
  return { name: t.name, namePattern: contains(t.name), emailPattern: contains(t.email), phonePattern: contains(t.phone) };
}

type FilterValues = { [K in keyof ReturnType<typeof filterValues>]: string | Placeholder };

/**
 * Registrants of the event with the filter's status (without one, the participants: `confirmed`)
 * matching the search, each value given or a placeholder. Every condition sits beside `event_id`:
 * the planner walks the event's rows in the list's order, or, for a name that few registrants
 * hold, reads them through the name's suffixes (lib/name-search); another status reads
 * registrants_event_status_idx. The status is written out, so that the partial indexes of
 * current registrants serve a prepared statement too.
 */
function matching(eventId: string | Placeholder, s: FilterShape, v: FilterValues): SQL | undefined {
  return and(
    eq(registrants.eventId, eventId),
    s.status === 'all' ? undefined : registrantStatusIs(s.status),
    s.name === 'none' ? undefined : nameContainsOf(v.name, v.namePattern, s.name === 'indexed'),
    s.email ? ilike(registrants.email, v.emailPattern) : undefined,
    s.phone ? phoneDigitsLike(registrants.phoneNumber, v.phonePattern) : undefined,
  );
}

/** `matching` for the filters at hand. */
const matchingNow = (eventId: string | Placeholder, f: RegistrantFilters | undefined) => matching(eventId, filterShape(f), filterValues(f));

/**
 * `matching` for a search known to match many (more than searchFound finds at once): the name by
 * its ILIKE alone, tested on the event's rows as the page walks them. Its suffixes would be read
 * for every match (the index, or 3 µs a name): a count of "fes" in a 100,000-name event took 490 ms.
 */
const matchingMany = (eventId: string | Placeholder, f: RegistrantFilters | undefined) => {
  const shape = filterShape(f);
  return matching(eventId, { ...shape, name: shape.name === 'none' ? 'none' : 'short' }, filterValues(f));
};

/** Whether the filters narrow the list or ask for another status (else its total is the event's counter of participants). */
function searching(f: RegistrantFilters | undefined) {
  const t = filterTexts(f);
  return Boolean(t.name || t.email || t.phone || t.status !== 'confirmed');
}

/** The member who checked a registrant in. */
const checker = alias(users, 'checker');

const columns = {
  id: registrants.id,
  createdAt: registrants.createdAt,
  name: registrants.name,
  email: registrants.email,
  phoneNumber: registrants.phoneNumber,
  ticketId: registrants.ticketId,
  ticketName: tickets.name,
  status: registrants.status,
  checkedInAt: registrants.checkedInAt,
  checkedInBy: checkedInByName(checker.name, registrants.checkedInDevice),
};

/** `columns` for a page of the list, its times as the answer's ISO strings (db/iso-timestamp). */
const pageColumns = {
  ...columns,
  createdAt: isoTimestamp(registrants.createdAt),
  checkedInAt: isoTimestamp<string | null>(registrants.checkedInAt),
};

/** The event's live questions in form order: general ones first, then each ticket's in ticket order. */
const liveQuestions = (eventId: string | Placeholder) => and(
  eq(registrationQuestions.eventId, eventId),
  isNull(registrationQuestions.deletedAt),
  or(isNull(registrationQuestions.eventTicketId), isNull(tickets.deletedAt)),
);
const questionOrder = [
  sql`${registrationQuestions.eventTicketId} is not null`,
  asc(tickets.position),
  asc(registrationQuestions.stepOrderNumber),
  asc(registrationQuestions.createdAt),
];

export function eventQuestions(db: DbOrTx, eventId: string): Promise<RegistrantQuestion[]> {
  return questionsOf(db, { eventId });
}

// Planned once for all events: it reads the event's questions by registration_questions' event index.
const questionsOf = preparedQuery('event_questions', (db) => db
  .select({ id: registrationQuestions.id, name: registrationQuestions.name, ticketId: registrationQuestions.eventTicketId })
  .from(registrationQuestions)
  .leftJoin(tickets, eq(tickets.id, registrationQuestions.eventTicketId))
  .where(liveQuestions(p('eventId')))
  .orderBy(...questionOrder), 'generic');

/** `eventQuestions` as one jsonb value, for a column of another statement (an uncorrelated subquery: run once). */
const questionsColumn = (eventId: string | Placeholder) => sql<RegistrantQuestion[]>`(
  select coalesce(jsonb_agg(jsonb_build_object('id', ${registrationQuestions.id}, 'name', ${registrationQuestions.name}, 'ticketId', ${registrationQuestions.eventTicketId})
    order by ${sql.join(questionOrder, sql`, `)}), '[]'::jsonb)
  from ${registrationQuestions} left join ${tickets} on ${eq(tickets.id, registrationQuestions.eventTicketId)}
  where ${liveQuestions(eventId)})`;

const SORT = {
  createdAt: { column: registrants.createdAt, type: 'timestamptz' },
  name: { column: registrants.name, type: 'text' },
} as const;

/** A registrant's answers by question id, per row through registrant_answers_pk (after the LIMIT). */
const answersColumn = sql<Record<string, unknown> | null>`(select jsonb_object_agg(${registrantAnswers.questionId}, ${registrantAnswers.value}) from ${registrantAnswers} where ${registrantAnswers.registrantId} = ${registrants.id})`;

/**
 * One page, the total it belongs to and the event's questions, in one statement. A page walks
 * an index in its order: registrants_event_created_idx (event_id, created_at, id) or
 * registrants_event_name_idx (event_id, name, id); a page after a cursor (`after`, see lib/keyset) starts at its row instead
 * of walking `offset` rows, so page 5,000 of a 100,000-registrant event costs what page 1 does.
 * The total is an uncorrelated subquery (run once, beside the page): the event's counters of
 * current registrants, or, searching, a count of the matches. Never a window count:
 * that joins and sorts every registrant of the event for a page of ten (550 ms at 100,000).
 * The questions ride along the same way. Only a page past the end (no row to carry them) asks
 * for the total and the questions apart.
 */
export async function registrantPage(db: DbOrTx, eventId: string, q: RegistrantListQuery, after: KeysetCursor | undefined) {
  const offset = after ? 0 : (q.page - 1) * q.limit;
  // The list as it opens (no search, no cursor) runs a statement built once per order, a search
  // one per shape (searchPages); a search matching more than that finds at once is a common one,
  // paged and counted walking the event's rows in the list's order (matchingMany).
  if (searching(q.filters)) {
    const few = await searchPage(db, eventId, q, after, offset);
    if (few[0] && few[0].total <= searchFound.atOnce) return { rows: few, total: few[0].total, questions: few[0].questions };
    // No row on the first page: nobody matches.
    if (!few[0] && !after && offset === 0) return { rows: few, total: 0, questions: await eventQuestions(db, eventId) };
  }
  const rows = !searching(q.filters) && !after
    ? await unfilteredPages(db, `${q.sortParam}_${q.sortBy}`, { eventId, limit: q.limit, offset })
    : await pageStatement(db, eventId, q, after).limit(q.limit).offset(offset);
  if (rows[0]) return { rows, total: rows[0].total, questions: rows[0].questions };
  const [[counted], questions] = await Promise.all([totalStatement(db, eventId, q.filters), eventQuestions(db, eventId)]);
  return { rows, total: counted.n, questions };
}

type EventKey = string | Placeholder;

function totalStatement(db: DbOrTx, eventId: EventKey, filters: RegistrantFilters | undefined) {
  return searching(filters)
    ? db.select({ n: sql<number>`count(*)::int` }).from(registrants).where(matchingMany(eventId, filters))
    : db.select({ n: summed(checkinCounters.registered) }).from(checkinCounters).where(eq(checkinCounters.eventId, eventId));
}

/** How many matches a search's page finds at most in one go (searchPages); tests lower it. */
export const searchFound = { atOnce: 1000 };

type SearchShape = FilterShape & Pick<RegistrantListQuery, 'sortParam' | 'sortBy'> & { after: boolean };
// A shape's name (a statement's name holds at most 63 characters): the name's index (i), short
// name (s) or none, email (e), phone (p), the status, the order, a cursor or an offset.
const NAME_KEYS = { indexed: 'i', short: 's', none: '-' } as const;
const shapeKey = (s: SearchShape) => [
  NAME_KEYS[s.name], s.email ? 'e' : '-', s.phone ? 'p' : '-', s.status, s.sortParam, s.sortBy, s.after ? 'after' : 'offset',
].join(' ');

/**
 * A search's page when few registrants match: the matching ones are found once (their ids and
 * sort keys), then counted and cut to the page from that set; only the page's rows are read
 * whole. A count and a page found apart read the index twice, and for a rare text reading the
 * index is most of the work.
 * At most `searchFound.atOnce` + 1 are found: a total above that says there are more, and
 * the page is then asked of pageStatement (a common text: its page walks an index in order
 * and stops early; only its count reads every match).
 * Prepared and planned once per shape (its filters, status, order and cursor): planned per text,
 * a name search spent 0.6 ms planning and its building most of the API's time. Each filter reads
 * the same index whatever its text (a name of three characters or more, the name's suffixes;
 * another, the event's rows in the list's order).
 */
const searchPages = preparedShapes('registrant_search', (db, s: SearchShape) => {
  const sort = SORT[s.sortParam];
  const order = s.sortBy === 'asc' ? asc : desc;
  const values = { name: p('name'), namePattern: p('namePattern'), emailPattern: p('emailPattern'), phonePattern: p('phonePattern') };
  // In the list's order: a common text's first matches are then found walking the event's index
  // in that order (a scan in no order could read much of the table before finding them).
  const found = db.$with('found').as(db.select({ id: registrants.id, key: sql`${sort.column}`.as('key') }).from(registrants)
    .where(matching(p('eventId'), s, values)).orderBy(order(sort.column), order(registrants.id)).limit(p('found')));
  return pageOfFound(db, p('eventId'), s, found, s.after ? { key: p('afterKey'), id: p('afterId') } : undefined, p('limit'), p('offset'));
}, () => 'generic', shapeKey);

function searchPage(db: DbOrTx, eventId: string, q: RegistrantListQuery, after: KeysetCursor | undefined, offset: number) {
  const shape: SearchShape = { ...filterShape(q.filters), sortParam: q.sortParam, sortBy: q.sortBy, after: Boolean(after) };
  return searchPages(db, shape, {
    eventId, ...filterValues(q.filters), found: searchFound.atOnce + 1, afterKey: after?.key ?? null, afterId: after?.id ?? null, limit: q.limit, offset,
  });
}

/** The CTE of a search's matches: their ids and sort keys. */
type Found = WithSubqueryWithSelection<{ id: typeof registrants.id; key: SQL.Aliased }, 'found'>;

/** The page (`limit` after `offset`, or after a row), counted and read whole, of the matches `found` holds. */
function pageOfFound(
  db: DbOrTx, eventId: EventKey, q: Pick<RegistrantListQuery, 'sortParam' | 'sortBy'>, found: Found,
  after: { key: unknown; id: unknown } | undefined, limit: number | Placeholder, offset: number | Placeholder,
) {
  const dir = q.sortBy === 'asc' ? sql`asc` : sql`desc`;
  const sort = SORT[q.sortParam];
  const order = q.sortBy === 'asc' ? asc : desc;
  const cast = sort.type === 'timestamptz' ? sql`timestamptz` : sql`text`;
  const ids = sql`select ${found.id} from ${found}
    ${after ? sql`where (${found.key}, ${found.id}) ${q.sortBy === 'asc' ? sql`>` : sql`<`} (${after.key}::${cast}, ${after.id}::uuid)` : sql``}
    order by ${found.key} ${dir}, ${found.id} ${dir}`;
  return db.with(found)
    .select({ ...pageColumns, sortKey: sql<string>`${sort.column}::text`, answers: answersColumn, total: sql<number>`(select count(*)::int from ${found})`.mapWith(Number), questions: questionsColumn(eventId) })
    .from(registrants)
    .innerJoin(tickets, eq(tickets.id, registrants.ticketId))
    .leftJoin(checker, eq(checker.id, registrants.checkedInBy))
    .where(sql`${registrants.id} = any(array(${ids} limit ${limit} offset ${offset}))`)
    .orderBy(order(sort.column), order(registrants.id));
}

function pageStatement(db: DbOrTx, eventId: EventKey, q: Pick<RegistrantListQuery, 'sortParam' | 'sortBy' | 'filters'>, after: KeysetCursor | undefined) {
  const order = q.sortBy === 'asc' ? asc : desc;
  const sort = SORT[q.sortParam];
  const total = totalStatement(db, eventId, q.filters);
  return db.select({ ...pageColumns, sortKey: sql<string>`${sort.column}::text`, answers: answersColumn, total: sql<number>`(${total})`.mapWith(Number), questions: questionsColumn(eventId) })
    .from(registrants)
    .innerJoin(tickets, eq(tickets.id, registrants.ticketId))
    .leftJoin(checker, eq(checker.id, registrants.checkedInBy))
    .where(and(
      matchingMany(eventId, q.filters),
      after ? afterRow(sort.column, registrants.id, sort.type, q.sortBy, after) : undefined,
    ))
    .orderBy(order(sort.column), order(registrants.id))
    .$dynamic();
}

type PageOrder = `${RegistrantListQuery['sortParam']}_${RegistrantListQuery['sortBy']}`;
// Planned once for all events and pages (see PlanMode): each order walks its index of the event
// and stops at the page, for a 5-registrant event as for a 100,000-registrant one.
const unfilteredPages = preparedShapes('participants_page', (db, order: PageOrder) => {
  const [sortParam, sortBy] = order.split('_') as [RegistrantListQuery['sortParam'], RegistrantListQuery['sortBy']];
  return pageStatement(db, sql.placeholder('eventId'), { sortParam, sortBy, filters: {} }, undefined)
    .limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
}, () => 'generic');

export interface Cursor { at: string; id: string }

/**
 * The event's registrants matching `f` in batches: the next `size` after `after`, oldest first
 * (keyset on created_at, id). The cursor keeps created_at as PostgreSQL's text: a JS Date would
 * drop the microseconds.
 */
export function registrantBatch(db: DbOrTx, eventId: string, f: RegistrantFilters | undefined, after: Cursor | undefined, size: number) {
  const at = after && sql`${after.at}::timestamptz`;
  return db
    .select({
      ...columns,
      // The tracking link's code the registration came through: the export's last column.
      ref: registrants.ref,
      cursor: sql<string>`${registrants.createdAt}::text`,
      // Per row, after the LIMIT: one IN list of a thousand ids made the planner scan every answer of the table instead.
      answers: answersColumn,
    })
    .from(registrants)
    .innerJoin(tickets, eq(tickets.id, registrants.ticketId))
    .leftJoin(checker, eq(checker.id, registrants.checkedInBy))
    .where(and(
      matchingNow(eventId, f),
      // `>=` on the indexed column bounds the index scan; the OR only breaks ties.
      at ? and(gte(registrants.createdAt, at), or(gt(registrants.createdAt, at), gt(registrants.id, after.id))) : undefined,
    ))
    .orderBy(asc(registrants.createdAt), asc(registrants.id))
    .limit(size);
}

/**
 * Whether an answer of a registrant of the event names upload `fileId` (through
 * registrants_event_created_idx, then each one's answers), whatever the registration's status:
 * the organizer decides on pending ones by their files, and the list shows every status.
 */
export async function isAnswerFileOf(db: DbOrTx, eventId: string, fileId: string) {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(registrantAnswers)
    .innerJoin(registrants, eq(registrants.id, registrantAnswers.registrantId))
    .where(and(
      eq(registrants.eventId, eventId),
      sql`jsonb_path_exists(${registrantAnswers.value}, ${`${ANSWER_FILE_IDS_PATH} ? (@ == $id)`}::jsonpath, jsonb_build_object('id', ${fileId}::text))`,
    ))
    .limit(1);
  return row !== undefined;
}
