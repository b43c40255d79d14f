import { and, asc, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-sql.js';
import { seatsByTicket } from '../../lib/counters.repository.js';
import { publishedEvents } from '../../lib/access.repository.js';
import { events, registrationQuestions, tickets } from '../../db/schema/index.js';

const isPublic = (id: string | Placeholder) => and(eq(events.id, id), publishedEvents);

/**
 * What the rendered page depends on, in one indexed read: the event's last edit (every edit and
 * every review decision sets `updated_at`) and, per live ticket, its remaining quota and deadline
 * (a registration changes the quota without touching the event). Undefined when not public.
 */
export async function pageVersion(db: DbOrTx, eventId: string) {
  const [row] = await pageVersionOf(db, { eventId });
  return row;
}

// The public page's reads, on every uncached view: each built once (see preparedQuery).
const pageVersionOf = preparedQuery('public_event_page_version', (db) => db
  .select({
    updatedAt: events.updatedAt,
    // Aliased and qualified by hand: in a one-table select drizzle writes columns unqualified,
    // so `event_id = id` inside the subquery meant the ticket's own id and matched nothing
    // (the seats never moved the version; a registration did not show on a cached page).
    seats: sql<string | null>`(select string_agg(t.id::text || ':' || t.quota::text || ':' || coalesce(extract(epoch from t.registration_deadline_at)::bigint::text, ''), ',' order by t.id)
      from ${tickets} t where t.event_id = ${events}.id and t.deleted_at is null)`,
  })
  .from(events)
  .where(isPublic(sql.placeholder('eventId'))));

/** The public event with its live tickets (by position), their active registrant counts and live questions. */
export async function findPublicEvent(db: DbOrTx, eventId: string) {
  const [event] = await publicEvent(db, { eventId });
  if (!event) return undefined;
  const [ticketRows, questionRows, sold] = await Promise.all([
    publicTickets(db, { eventId }),
    publicQuestions(db, { eventId }),
    seatsByTicket(db, eventId),
  ]);
  return { event, tickets: ticketRows, sold, questions: questionRows };
}

const publicEvent = preparedQuery('public_event', (db) => db.select().from(events).where(isPublic(sql.placeholder('eventId'))));
const publicTickets = preparedQuery('public_event_tickets', (db) => db
  .select().from(tickets).where(and(eq(tickets.eventId, sql.placeholder('eventId')), isNull(tickets.deletedAt))).orderBy(asc(tickets.position)));
const publicQuestions = preparedQuery('public_event_questions', (db) => db
  .select().from(registrationQuestions)
  .where(and(eq(registrationQuestions.eventId, sql.placeholder('eventId')), isNull(registrationQuestions.deletedAt)))
  .orderBy(asc(registrationQuestions.stepOrderNumber), asc(registrationQuestions.createdAt)));
export type PublicEventRows = NonNullable<Awaited<ReturnType<typeof findPublicEvent>>>;

