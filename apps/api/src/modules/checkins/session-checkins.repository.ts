import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { p, preparedQuery, preparedSql } from '../../db/prepared-sql.js';
import { rowsOf } from '../../db/pg-results.js';
import { checkedInByName } from '../../lib/checked-in-by.js';
import { isUuid } from '../../lib/ids.js';
import { wakeWorkers } from '../../jobs/queue.js';
import { organizationOfEvent, WEBHOOK_DELIVER, webhookOutboxCtes } from '../../lib/webhook-outbox.repository.js';
import { checkinEvents, eventSessions, registrants, sessionCheckins, users } from '../../db/schema/index.js';
import type { Scan } from './checkins.repository.js';

/** A session of the event, or undefined (also for an id that is no uuid): what a scan or a code for a session is checked against. */
export async function findSession(db: DbOrTx, eventId: string, sessionId: string) {
  if (!isUuid(sessionId)) return undefined;
  const [row] = await db.select({ id: eventSessions.id, name: eventSessions.name }).from(eventSessions)
    .where(and(eq(eventSessions.id, sessionId), eq(eventSessions.eventId, eventId)));
  return row;
}

/** The event's sessions in start order. */
export function sessionsOf(db: DbOrTx, eventId: string) {
  return db.select({ id: eventSessions.id, name: eventSessions.name, startsAt: eventSessions.startsAt, endsAt: eventSessions.endsAt })
    .from(eventSessions).where(eq(eventSessions.eventId, eventId)).orderBy(asc(eventSessions.startsAt), asc(eventSessions.position));
}

const iso = (column: string) => sql.raw(`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * One session's attendance, one statement: the row of (session, ticket) only if there is none
 * (the key), so of concurrent scans of one ticket in one session exactly one writes; the first
 * session attended also sets the registrant's own check-in (`checked_in_at is null`), and the
 * fact is written beside it. A confirmed registrant of the event only; an offline scan's time is
 * kept, clamped between the registration and now. No row: the registrant is not there to check
 * in, or already attended this session.
 */
const checkInSessionStatement = preparedSql<{ checkedInAt: string; checkedInBy: string | null; hooks: number }>('checkin_session', () => {
  const at = sql`case when ${p('scannedAt')}::timestamptz is null then now() else greatest(least(${p('scannedAt')}::timestamptz, now()), r.created_at) end`;
  return sql`
    with hit as (
      insert into ${sessionCheckins} (session_id, registrant_id, event_id, checked_in_at, checked_in_by, device_id)
      select ${p('sessionId')}::uuid, r.id, r.event_id, ${at}, ${p('userId')}::uuid, ${p('deviceId')}
      from ${registrants} r where r.id = ${p('registrantId')}::uuid and r.event_id = ${p('eventId')}::uuid and r.status = 'confirmed'
      on conflict do nothing
      returning registrant_id, checked_in_at, device_id),
    first as (
      update ${registrants} r set checked_in_at = hit.checked_in_at, checked_in_by = ${p('userId')}::uuid, checked_in_device = hit.device_id
      from hit where r.id = hit.registrant_id and r.checked_in_at is null),
    fact as (
      insert into ${checkinEvents} (event_id, registrant_id, kind, user_id, device_id, scanned_at, checked_in_at, session_id)
      select ${p('eventId')}::uuid, hit.registrant_id, 'checkin', ${p('userId')}::uuid, ${p('deviceId')}, ${p('scannedAt')}::timestamptz, hit.checked_in_at, ${p('sessionId')}::uuid from hit),
    ${webhookOutboxCtes('hook', 'checkin.created', sql`
      select ${organizationOfEvent(sql`${p('eventId')}::uuid`)} as organization_id, jsonb_build_object(
        'registrationId', hit.registrant_id, 'eventId', ${p('eventId')}::text, 'ticketId', (select ticket_id from ${registrants} where id = hit.registrant_id), 'sessionId', ${p('sessionId')}::text,
        'checkedInAt', hit.checked_in_at, 'offline', ${p('scannedAt')}::timestamptz is not null) as data
      from hit`)}
    select ${iso('hit.checked_in_at')} as "checkedInAt", ${checkedInByName(sql`u.name`, sql`hit.device_id`)} as "checkedInBy", (select count(*)::int from hook) as hooks
    from hit left join ${users} u on u.id = ${p('userId')}::uuid`;
});

const scanValues = (registrantId: string, sessionId: string, s: Scan) => ({
  registrantId, sessionId, eventId: s.eventId, userId: s.userId, deviceId: s.deviceId, scannedAt: s.scannedAt?.toISOString() ?? null,
});

/**
 * Attends a session, in the caller's transaction. The registrant's row is locked first, in a
 * statement of its own: an undo holds it while it decides whether any session is left and clears
 * the own check-in when none is. Waiting here, the attendance statement then reads a snapshot
 * taken after that undo committed, and sets the own check-in again; in one statement its snapshot
 * would predate the undo, and the registrant would attend a session without being checked in.
 */
export async function checkInSession(tx: DbOrTx, registrantId: string, sessionId: string, s: Scan): Promise<{ checkedInAt: string; checkedInBy: string | null } | undefined> {
  await tx.select({ id: registrants.id }).from(registrants).where(eq(registrants.id, registrantId)).for('no key update');
  const row = (await checkInSessionStatement(tx, scanValues(registrantId, sessionId, s)))[0];
  if (!row) return undefined;
  if (row.hooks > 0) wakeWorkers(WEBHOOK_DELIVER.id);
  return { checkedInAt: row.checkedInAt, checkedInBy: row.checkedInBy };
}

/** The ticket's standing attendance of the session, and whether it is this very scan (same scanner, same time: a sync sent again). */
const standingStatement = preparedSql<{ checkedInAt: string; checkedInBy: string | null; sameScan: boolean }>('checkin_session_standing', () => sql`
  select ${iso('sc.checked_in_at')} as "checkedInAt", ${checkedInByName(sql`u.name`, sql`sc.device_id`)} as "checkedInBy",
    coalesce(${p('scannedAt')}::timestamptz is not null and ${p('deviceId')}::text is not null and sc.device_id = ${p('deviceId')}
      and sc.checked_in_at = greatest(least(${p('scannedAt')}::timestamptz, now()), r.created_at), false) as "sameScan"
  from ${sessionCheckins} sc join ${registrants} r on r.id = sc.registrant_id left join ${users} u on u.id = sc.checked_in_by
  where sc.session_id = ${p('sessionId')}::uuid and sc.registrant_id = ${p('registrantId')}::uuid`);

export async function standingOf(db: DbOrTx, registrantId: string, sessionId: string, s: Scan) {
  return (await standingStatement(db, scanValues(registrantId, sessionId, s)))[0];
}

/**
 * Undoes the registrant's attendance of one session, or of every session (`sessionId` null),
 * recording each undo; when none is left, their own check-in is cleared too. Runs in the caller's
 * transaction with the registrant's row locked. Answers the sessions undone.
 */
export async function undoSessions(tx: DbOrTx, eventId: string, registrantId: string, sessionId: string | null, userId: string) {
  const removed = await tx.delete(sessionCheckins)
    .where(and(eq(sessionCheckins.eventId, eventId), eq(sessionCheckins.registrantId, registrantId), sessionId ? eq(sessionCheckins.sessionId, sessionId) : undefined))
    .returning({ sessionId: sessionCheckins.sessionId });
  if (removed.length) {
    await tx.insert(checkinEvents).values(removed.map((r) => ({ eventId, registrantId, kind: 'undo', userId, sessionId: r.sessionId })));
  }
  return removed.length;
}

/** Whether the event's registrant still attends any session. */
export async function attendsAny(db: DbOrTx, eventId: string, registrantId: string) {
  const [row] = await db.select({ one: sql`1` }).from(sessionCheckins)
    .where(and(eq(sessionCheckins.eventId, eventId), eq(sessionCheckins.registrantId, registrantId))).limit(1);
  return row !== undefined;
}

/** The sessions each of the event's registrants attended (the offline pack's): one read of the event's rows. */
export async function attendedByRegistrant(db: DbOrTx, eventId: string) {
  const rows = await db.select({ registrantId: sessionCheckins.registrantId, sessionId: sessionCheckins.sessionId })
    .from(sessionCheckins).where(eq(sessionCheckins.eventId, eventId));
  const of = new Map<string, string[]>();
  for (const r of rows) {
    const list = of.get(r.registrantId);
    if (list) list.push(r.sessionId); else of.set(r.registrantId, [r.sessionId]);
  }
  return of;
}

/**
 * The event's sessions in start order, each with its confirmed attendees counted (the check-in
 * screen's and the attendance view's). Read on every poll of the door's summary: a named
 * statement planned once (the plan is the same for every event: the event's sessions, each
 * counted through session_checkins' session key).
 */
const sessionCountsOf = preparedQuery('session_counts', (db) => {
  // Qualified by hand: drizzle writes a lone table's columns bare, and a bare "id" here would be the registrant's.
  const attended = sql<number>`(select count(*)::int from ${sessionCheckins} sc join ${registrants} r on r.id = sc.registrant_id
    where sc.session_id = "event_sessions"."id" and r.status = 'confirmed')`;
  return db.select({ id: eventSessions.id, name: eventSessions.name, startsAt: eventSessions.startsAt, endsAt: eventSessions.endsAt, attended })
    .from(eventSessions).where(eq(eventSessions.eventId, p('eventId'))).orderBy(asc(eventSessions.startsAt), asc(eventSessions.position));
}, 'generic');

export const sessionCounts = (db: DbOrTx, eventId: string) => sessionCountsOf(db, { eventId });

export interface AttendeeRow { registrantId: string; name: string; email: string; sessionIds: string[]; total: number }

/**
 * The event's confirmed participants who attended at least `min` sessions, by name, with the
 * sessions each attended (in start order) and, on every row, how many match in all. A page
 * (`offset`) or the rows after `after` (the export's batches).
 */
export async function attendees(db: DbOrTx, eventId: string, o: { min: number; limit: number; offset?: number; after?: { name: string; registrantId: string } }) {
  const after = o.after ? sql`and (r.name, r.id) > (${o.after.name}, ${o.after.registrantId}::uuid)` : sql``;
  return rowsOf<AttendeeRow>(await db.execute(sql`
    select r.id as "registrantId", r.name, r.email,
      coalesce(array_agg(sc.session_id::text order by s.starts_at, s.position) filter (where sc.session_id is not null), '{}') as "sessionIds",
      (count(*) over ())::int as total
    from ${registrants} r
    left join ${sessionCheckins} sc on sc.event_id = r.event_id and sc.registrant_id = r.id
    left join ${eventSessions} s on s.id = sc.session_id
    where r.event_id = ${eventId} and r.status = 'confirmed' ${after}
    group by r.id
    having count(sc.session_id) >= ${o.min}
    order by r.name, r.id
    limit ${o.limit} offset ${o.offset ?? 0}`));
}
