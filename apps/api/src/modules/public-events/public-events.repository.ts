import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-sql.js';
import { publishedEvents } from '../../lib/access.repository.js';
import { events, eventSessions, eventTwibbons, registrationQuestions, seatsLeft, tickets, seatsSold } from '../../db/schema/index.js';

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
// One event by its id: planned once for all (see PlanMode), as is the next.
const pageVersionOf = preparedQuery('public_event_page_version', (db) => db
  .select({
    updatedAt: events.updatedAt,
    // Aliased and qualified by hand: in a one-table select drizzle writes columns unqualified,
    // so `event_id = id` inside the subquery meant the ticket's own id and matched nothing
    // (the seats never moved the version; a registration did not show on a cached page).
    seats: sql<string | null>`(select string_agg(t.id::text || ':' || ${seatsLeft()}::text || ':' || coalesce(extract(epoch from t.registration_deadline_at)::bigint::text, ''), ',' order by t.id)
      from ${tickets} t where t.event_id = ${events}.id and t.deleted_at is null)`,
  })
  .from(events)
  .where(isPublic(sql.placeholder('eventId'))), 'generic');

type TicketRow = typeof tickets.$inferSelect;
type QuestionRow = typeof registrationQuestions.$inferSelect;
type PublicTicketRow = Pick<TicketRow, 'id' | 'name' | 'type' | 'price' | 'quota' | 'originalQuotaType' | 'originalQuota' | 'dates' | 'requiresApproval' | 'waitlist' | 'accessCode'>
  & { registrationDeadlineAt: string | null; seats: number };
type PublicQuestionRow = Pick<QuestionRow, 'id' | 'eventTicketId' | 'name' | 'description' | 'type' | 'isRequired' | 'options' | 'maxFiles' | 'accept' | 'stepOrderNumber'>;

/**
 * The public event with its live tickets (by position) and the seats their registrants hold (the
 * counters' slots), its live questions in form order and its twibbon's key: ONE statement (a statement per part
 * cost the server a round trip each), the parts as JSON with the row's own keys.
 */
export async function findPublicEvent(db: DbOrTx, eventId: string) {
  const [row] = await publicEvent(db, { eventId });
  if (!row) return undefined;
  const ticketRows = row.tickets.map(({ registrationDeadlineAt, ...t }) => ({ ...t, registrationDeadlineAt: registrationDeadlineAt ? new Date(registrationDeadlineAt) : null }));
  return {
    event: row.event, tickets: ticketRows, sold: new Map(ticketRows.map((t) => [t.id, t.seats])), questions: row.questions, twibbonKey: row.twibbonKey,
    sessions: row.sessions,
  };
}

const publicEvent = preparedQuery('public_event', (db) => db
  .select({
    event: events,
    tickets: sql<PublicTicketRow[]>`(select coalesce(json_agg(json_build_object(
        'id', t.id, 'name', t.name, 'type', t.type, 'price', t.price, 'quota', ${seatsLeft()}, 'originalQuotaType', t.original_quota_type,
        'originalQuota', t.original_quota, 'dates', t.dates, 'registrationDeadlineAt', t.registration_deadline_at,
        'requiresApproval', t.requires_approval, 'waitlist', t.waitlist, 'accessCode', t.access_code,
        'seats', ${seatsSold()}
      ) order by t.position), '[]'::json) from ${tickets} t where t.event_id = ${events}.id and t.deleted_at is null)`,
    questions: sql<PublicQuestionRow[]>`(select coalesce(json_agg(json_build_object(
        'id', q.id, 'eventTicketId', q.event_ticket_id, 'name', q.name, 'description', q.description, 'type', q.type,
        'isRequired', q.is_required, 'options', q.options, 'maxFiles', q.max_files, 'accept', q.accept, 'stepOrderNumber', q.step_order_number
      ) order by q.step_order_number, q.created_at), '[]'::json) from ${registrationQuestions} q where q.event_id = ${events}.id and q.deleted_at is null)`,
    sessions: sql<{ name: string; startAt: string; endAt: string }[]>`(select coalesce(json_agg(json_build_object(
        'name', s.name, 'startAt', s.starts_at, 'endAt', s.ends_at) order by s.starts_at, s.position), '[]'::json)
      from ${eventSessions} s where s.event_id = ${events}.id)`,
    // The twibbon maker's key when it has one to make (a key and a frame); saved with the event, so its version moves too.
    twibbonKey: sql<string | null>`(select w.custom_key from ${eventTwibbons} w where w.event_id = ${events}.id and w.custom_key is not null and w.template_url is not null)`,
  })
  .from(events)
  .where(isPublic(sql.placeholder('eventId'))), 'generic');
export type PublicEventRows = NonNullable<Awaited<ReturnType<typeof findPublicEvent>>>;


/** The poster of a public event (its stored address, or null); undefined when the event is not public. */
export async function publicPoster(db: DbOrTx, eventId: string) {
  const [row] = await publicPosterOf(db, { eventId });
  return row;
}

// Every link preview's image fetch: one event by its id, planned once for all.
const publicPosterOf = preparedQuery('public_event_poster', (db) => db
  .select({ imageUrl: events.imageUrl })
  .from(events)
  .where(isPublic(sql.placeholder('eventId'))), 'generic');
