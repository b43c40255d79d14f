import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-sql.js';
import { publishedEvents } from '../../lib/access.repository.js';
import {
  attendanceCodes, certificates, evaluationForms, events, eventSessions, eventTwibbons, registrants, registrationQuestions, sessionCheckins, tickets,
} from '../../db/schema/index.js';

/** What the public pages may show (API.md "Public pages"). */
const reachable = publishedEvents;

/** A question of a reachable, internally registering event, with what a public upload needs of its event. */
export async function findUploadQuestion(db: DbOrTx, eventId: string, questionId: string) {
  const [row] = await db
    .select({
      organizationId: events.organizationId,
      creatorId: events.creatorId,
      registrationMethod: events.registrationMethod,
      type: registrationQuestions.type,
      accept: registrationQuestions.accept,
    })
    .from(registrationQuestions)
    .innerJoin(events, eq(events.id, registrationQuestions.eventId))
    .where(and(eq(registrationQuestions.id, questionId), eq(events.id, eventId), isNull(registrationQuestions.deletedAt), reachable));
  return row;
}

/** Whether the event is reachable on the public pages at all. */
export async function isReachable(db: DbOrTx, eventId: string) {
  const [row] = await db.select({ id: events.id }).from(events).where(and(eq(events.id, eventId), reachable));
  return row !== undefined;
}

/** The e-ticket of `code`, when its event is still reachable. */
export async function findTicket(db: DbOrTx, code: string) {
  const [row] = await ticketOfCode(db, { code });
  return row;
}

// The e-ticket (page and API) on every open, and the check-in desk's lookups: built once (see preparedQuery).
// One ticket by its code: planned once for all (see PlanMode).
const ticketOfCode = preparedQuery('public_ticket_of_code', (db) => db
  .select({
    ticketCode: registrants.ticketCode,
    name: registrants.name,
    status: registrants.status,
    checkedInAt: registrants.checkedInAt,
    transactionId: registrants.transactionId,
    cancellationDeadline: events.cancellationDeadline,
    categoryId: tickets.id,
    categoryName: tickets.name,
    dates: tickets.dates,
    eventId: events.id,
    eventName: events.name,
    firstEventAt: events.firstEventAt,
    lastEventAt: events.lastEventAt,
    experience: events.experience,
    location: events.location,
    streamLink: events.eventStreamLink,
    // The event's sessions (by start) with the holder's attendance of each, and the session the attendance code is for.
    sessions: sql<{ id: string; name: string; startsAt: string; endsAt: string; attendedAt: string | null }[]>`(select coalesce(json_agg(json_build_object(
        'id', s.id, 'name', s.name, 'startsAt', s.starts_at, 'endsAt', s.ends_at, 'attendedAt', sc.checked_in_at) order by s.starts_at, s.position), '[]'::json)
      from ${eventSessions} s left join ${sessionCheckins} sc on sc.session_id = s.id and sc.registrant_id = ${registrants}.id
      where s.event_id = ${events}.id)`,
    attendanceSessionId: sql<string | null>`(select a.session_id from ${attendanceCodes} a where a.event_id = ${events}.id)`,
    // The event's twibbon maker, linked from the e-ticket when it has a key and a frame.
    twibbonKey: sql<string | null>`(select w.custom_key from ${eventTwibbons} w where w.event_id = ${events}.id and w.custom_key is not null and w.template_url is not null)`,
    // Whether the page's evaluation and certificate sections have anything to read: most events
    // have neither, and their pages then make no further statement.
    hasEvaluationForm: sql<boolean>`exists (select from ${evaluationForms} f where f.event_id = ${events}.id)`,
    hasCertificates: sql<boolean>`exists (select from ${certificates} c where c.event_id = ${events}.id and c.status in ('publishing', 'published'))`,
  })
  .from(registrants)
  .innerJoin(events, eq(events.id, registrants.eventId))
  .innerJoin(tickets, eq(tickets.id, registrants.ticketId))
  .where(and(eq(registrants.ticketCode, sql.placeholder('code')), reachable))
  .limit(1), 'generic');
