import { and, asc, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RegistrantStatus } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { p, preparedQuery, preparedShapes, preparedSql } from '../../db/prepared-sql.js';
import { isoTimestamp } from '../../db/iso-timestamp.js';
import { liveEventsOf, type OwnerScope } from '../../lib/access.repository.js';
import { checkedInByName } from '../../lib/checked-in-by.js';
import { contains, startsWithRange } from '../../lib/like.js';
import { nameContainsOf, nameIndexed } from '../../lib/name-search.repository.js';
import { wakeWorkers } from '../../jobs/queue.js';
import { organizationOfEvent, WEBHOOK_DELIVER, webhookOutboxCtes } from '../../lib/webhook-outbox.repository.js';
import {
  checkinCounters, checkinEvents, confirmedRegistrant, events, phoneNational, phoneNationalOf, registrants, sessionCheckins, tickets, users,
} from '../../db/schema/index.js';

/** Which ticket a scan names: its code (the QR), or a registrant picked by hand. */
export type Target = { code: string } | { registrantId: string };

/** Who scanned, from which scanner, (offline) when the scanner read it, and for which session, if any. */
export interface Scan { eventId: string; userId: string | null; deviceId: string | null; scannedAt: Date | null; sessionId?: string | null }

/** An instant as ISO text, in SQL: node-postgres answers a timestamp of a raw query as text in the session's format. */
const iso = (column: SQL | string) => sql`to_char((${typeof column === 'string' ? sql.raw(column) : column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface CheckedIn { registrantId: string; name: string; ticketName: string; checkedInAt: string; checkedInBy: string | null }

type Shape = { by: 'code' | 'id'; offline: boolean; gate: 'none' | 'scoped' | 'all' };

/**
 * The check-in statement of one shape (see `checkIn`), its values placeholders: built once and
 * prepared (db/prepared-sql.ts), since every scan at the door runs it.
 */
function checkInStatement({ by, offline, gate }: Shape) {
  const matched = by === 'code' ? sql`r.ticket_code = ${p('code')}` : sql`r.id = ${p('registrantId')}::uuid`;
  const at = offline ? sql`greatest(least(${p('scannedAt')}::timestamptz, now()), r.created_at)` : sql`now()`;
  // The access gate's own condition (lib/access.repository.ts): a live event of the caller's scope.
  const permitted = gate === 'none' ? undefined
    : and(eq(events.id, sql`${p('eventId')}::uuid`), liveEventsOf(gate === 'scoped' ? { organizationId: p('organizationId') } : {}));
  const update = sql`
    update ${registrants} r set checked_in_at = ${at}, checked_in_by = ${p('userId')}::uuid, checked_in_device = ${p('deviceId')}
    where ${matched} and r.event_id = ${p('eventId')}::uuid and r.status = 'confirmed' and r.checked_in_at is null
      ${permitted ? sql`and exists (select 1 from ${events} where ${permitted})` : sql``}
    returning r.id, r.name, r.ticket_id, r.checked_in_at, r.checked_in_device`;
  const fact = sql`
    insert into ${checkinEvents} (event_id, registrant_id, kind, user_id, device_id, scanned_at, checked_in_at)
    select ${p('eventId')}::uuid, hit.id, 'checkin', ${p('userId')}::uuid, ${p('deviceId')}, ${offline ? sql`${p('scannedAt')}::timestamptz` : sql`null::timestamptz`}, hit.checked_in_at from hit`;
  const named = sql`
    select hit.id as "registrantId", hit.name, t.name as "ticketName", ${iso('hit.checked_in_at')} as "checkedInAt", ${checkedInByName(sql`u.name`, sql`hit.checked_in_device`)} as "checkedInBy",
      (select count(*)::int from hook) as hooks
    from hit join ${tickets} t on t.id = hit.ticket_id left join ${users} u on u.id = ${p('userId')}::uuid`;
  const hook = webhookOutboxCtes('hook', 'checkin.created', sql`
    select ${organizationOfEvent(sql`${p('eventId')}::uuid`)} as organization_id, jsonb_build_object(
      'registrationId', hit.id, 'eventId', ${p('eventId')}::text, 'ticketId', hit.ticket_id, 'sessionId', null, 'checkedInAt', hit.checked_in_at,
      'offline', ${offline ? sql`true` : sql`false`}) as data
    from hit`);
  // Gated: always one row, saying whether the caller may check in at this event (the gate's answer) beside the check-in, if any.
  return permitted
    ? sql`with hit as (${update}), fact as (${fact}), ${hook}
      select exists (select 1 from ${events} where ${permitted}) as permitted, c.* from (select 1) one left join (${named}) c on true`
    : sql`with hit as (${update}), fact as (${fact}), ${hook} ${named}`;
}

const checkInStatements = new Map<string, ReturnType<typeof preparedSql<CheckedIn & { permitted?: boolean; hooks: number }>>>();

function checkInStatementOf(shape: Shape) {
  const key = `${shape.by}_${shape.offline ? 'offline' : 'online'}_${shape.gate}`;
  let statement = checkInStatements.get(key);
  if (!statement) checkInStatements.set(key, (statement = preparedSql(`checkin_${key}`, () => checkInStatement(shape))));
  return statement;
}

const valuesOf = (target: Target, s: Scan, scope?: OwnerScope) => ({
  ...('code' in target ? { code: target.code } : { registrantId: target.registrantId }),
  eventId: s.eventId, userId: s.userId, deviceId: s.deviceId, scannedAt: s.scannedAt?.toISOString() ?? null,
  organizationId: scope?.organizationId,
});

const shapeOf = (target: Target, s: Scan, gate: Shape['gate']): Shape => ({ by: 'code' in target ? 'code' : 'id', offline: s.scannedAt !== null, gate });

/**
 * The check-in itself, one statement: set the registrant's check-in only if nobody has
 * (`checked_in_at is null`), so of any number of concurrent scans of one code exactly one
 * updates a row; its fact is written in the same statement. An offline scan's time is kept,
 * clamped between the registration and now. Undefined when no row was updated.
 */
export async function checkIn(db: DbOrTx, target: Target, s: Scan): Promise<CheckedIn | undefined> {
  const row = (await checkInStatementOf(shapeOf(target, s, 'none'))(db, valuesOf(target, s)))[0];
  if (!row) return undefined;
  if (row.hooks > 0) wakeWorkers(WEBHOOK_DELIVER.id);
  const { registrantId, name, ticketName, checkedInAt, checkedInBy } = row;
  return { registrantId, name, ticketName, checkedInAt, checkedInBy };
}

/**
 * `checkIn` only if the event is a live one of `scope` (the access gate's question, asked in
 * the same statement: one round trip for a scan at the door). `permitted` false: the caller may
 * not check in at this event (nothing written); `checkedIn` undefined: permitted, but no row was
 * updated. `eventId` must be a uuid, and so must a registrant id.
 */
export async function checkInPermitted(db: DbOrTx, scope: OwnerScope, target: Target, s: Scan): Promise<{ permitted: boolean; checkedIn?: CheckedIn }> {
  const [row] = await checkInStatementOf(shapeOf(target, s, scope.organizationId ? 'scoped' : 'all'))(db, valuesOf(target, s, scope));
  if (!row?.permitted) return { permitted: false };
  if (row.registrantId === null) return { permitted: true };
  if (row.hooks > 0) wakeWorkers(WEBHOOK_DELIVER.id);
  const { registrantId, name, ticketName, checkedInAt, checkedInBy } = row;
  return { permitted: true, checkedIn: { registrantId, name, ticketName, checkedInAt, checkedInBy } };
}

export interface TicketState {
  registrantId: string; name: string; ticketName: string; sameEvent: boolean; status: RegistrantStatus;
  checkedInAt: string | null; checkedInBy: string | null;
  /** The check-in standing is this very scan (same scanner, same time): a sync sent again. */
  sameScan: boolean;
}

function ticketStateStatement({ by, offline }: Omit<Shape, 'gate'>) {
  const matched = by === 'code' ? sql`r.ticket_code = ${p('code')}` : sql`r.id = ${p('registrantId')}::uuid`;
  // Only an offline scan with its scanner named can be this very check-in sent again.
  const sameScan = offline
    ? sql`coalesce(${p('deviceId')}::text is not null and r.checked_in_device = ${p('deviceId')} and r.checked_in_at = greatest(least(${p('scannedAt')}::timestamptz, now()), r.created_at), false)`
    : sql`false`;
  return sql`
    select r.id as "registrantId", r.name, t.name as "ticketName", r.event_id = ${p('eventId')}::uuid as "sameEvent",
      r.status, ${iso('r.checked_in_at')} as "checkedInAt", ${checkedInByName(sql`u.name`, sql`r.checked_in_device`)} as "checkedInBy", ${sameScan} as "sameScan"
    from ${registrants} r join ${tickets} t on t.id = r.ticket_id left join ${users} u on u.id = r.checked_in_by
    where ${matched}`;
}

const ticketStates = new Map<string, ReturnType<typeof preparedSql<TicketState>>>();

/** Where a scan that checked nobody in stands: the ticket as it is now, of any event; undefined when unknown. */
export async function ticketState(db: DbOrTx, target: Target, s: Scan): Promise<TicketState | undefined> {
  const { by, offline } = shapeOf(target, s, 'none');
  const key = `${by}_${offline ? 'offline' : 'online'}`;
  let statement = ticketStates.get(key);
  if (!statement) ticketStates.set(key, (statement = preparedSql(`checkin_state_${key}`, () => ticketStateStatement({ by, offline }))));
  return (await statement(db, valuesOf(target, s)))[0];
}

const missStatement = preparedSql('checkin_miss', () => {
  return sql`
    insert into ${checkinEvents} (event_id, registrant_id, kind, reason, user_id, device_id, scanned_at, session_id)
    values (${p('eventId')}::uuid, ${p('registrantId')}::uuid, ${p('kind')}, ${p('reason')}, ${p('userId')}::uuid, ${p('deviceId')}, ${p('scannedAt')}::timestamptz, ${p('sessionId')}::uuid)`;
});

/** A scan that checked nobody in, as a fact: a duplicate of a standing check-in, or a refusal (no registrant named). */
export async function recordMiss(db: DbOrTx, s: Scan, miss: { kind: 'duplicate'; registrantId: string } | { kind: 'refused'; reason: string; registrantId?: string }) {
  await missStatement(db, {
    eventId: s.eventId, registrantId: miss.registrantId ?? null, kind: miss.kind, reason: 'reason' in miss ? miss.reason : null,
    userId: s.userId, deviceId: s.deviceId, scannedAt: s.scannedAt?.toISOString() ?? null, sessionId: s.sessionId ?? null,
  });
}

/** The event's registrant, their row locked until the transaction ends (an undo's); undefined when the event has none such. */
export async function lockRegistrant(tx: DbOrTx, eventId: string, registrantId: string) {
  const [row] = await tx.select({ id: registrants.id, name: registrants.name, checkedInAt: registrants.checkedInAt, checkedInBy: registrants.checkedInBy })
    .from(registrants)
    .where(and(eq(registrants.id, registrantId), eq(registrants.eventId, eventId)))
    .for('update');
  return row;
}

/** Clears the (locked) registrant's check-in and records the undo; false when they were not checked in (nothing written). */
export async function undo(tx: DbOrTx, eventId: string, row: { id: string; checkedInAt: Date | null }, userId: string) {
  if (!row.checkedInAt) return false;
  await tx.update(registrants).set({ checkedInAt: null, checkedInBy: null, checkedInDevice: null }).where(eq(registrants.id, row.id));
  await tx.insert(checkinEvents).values({ eventId, registrantId: row.id, kind: 'undo', userId });
  return true;
}

/** The event's counters per ticket (a few rows each, see checkinCounters) beside its tickets, in form order. */
export interface RecentCheckin { registrantId: string; name: string; ticketName: string; at: Date; by: string | null; undone: boolean; sessionId: string | null }

/**
 * The check-in screen's poll in one statement: the counts per ticket (a removed category still
 * shows while it has participants) and, on every row, the event's last `n` check-ins, newest
 * first, and whether each still stands.
 */
export async function checkinSummaryOf(db: DbOrTx, eventId: string, n: number) {
  const rows = await summaryOf(db, { eventId, n });
  const recent = (rows[0]?.recent ?? []).map((r) => ({ ...r, at: new Date(r.at) }));
  return { byTicket: rows.map(({ recent: _, ...t }) => t), recent };
}

const recentJson = sql<(Omit<RecentCheckin, 'at'> & { at: string })[]>`(select coalesce(json_agg(json_build_object(
    'registrantId', r.id, 'name', r.name, 'ticketName', t.name, 'at', ce.checked_in_at,
    'by', ${checkedInByName(sql`u.name`, sql`ce.device_id`)}, 'sessionId', ce.session_id,
    -- A session's attendance stands while its row does, with this time; the event's own, while the registrant's does.
    'undone', case when ce.session_id is null then r.checked_in_at is distinct from ce.checked_in_at
      else not exists (select 1 from ${sessionCheckins} sc where sc.session_id = ce.session_id and sc.registrant_id = ce.registrant_id and sc.checked_in_at = ce.checked_in_at) end
  ) order by ce.created_at desc, ce.id desc), '[]'::json)
  from (select * from ${checkinEvents} e where e.event_id = ${sql.placeholder('eventId')} and e.kind = 'checkin'
        order by e.created_at desc, e.id desc limit ${sql.placeholder('n')}) ce
  join ${registrants} r on r.id = ce.registrant_id
  join ${tickets} t on t.id = r.ticket_id
  left join ${users} u on u.id = ce.user_id)`;

// The check-in screen polls it: built once (db/prepared-sql.ts).
// An event's counters: planned once for all events (see PlanMode).
const summaryOf = preparedQuery('checkin_summary', (db) => {
  const counted = db.select({
    ticketId: checkinCounters.ticketId,
    registered: sql<number>`sum(${checkinCounters.registered})::int`.as('registered'),
    checkedIn: sql<number>`sum(${checkinCounters.checkedIn})::int`.as('checked_in'),
  }).from(checkinCounters).where(eq(checkinCounters.eventId, sql.placeholder('eventId'))).groupBy(checkinCounters.ticketId).as('counted');
  return db.select({
    ticketId: tickets.id, name: tickets.name,
    registered: sql<number>`coalesce(${counted.registered}, 0)`.mapWith(Number), checkedIn: sql<number>`coalesce(${counted.checkedIn}, 0)`.mapWith(Number),
    recent: recentJson,
  })
    .from(tickets)
    .leftJoin(counted, eq(counted.ticketId, tickets.id))
    .where(and(eq(tickets.eventId, sql.placeholder('eventId')), or(isNull(tickets.deletedAt), sql`${counted.registered} > 0`)))
    .orderBy(asc(tickets.position), asc(tickets.createdAt));
}, 'generic');

/** Every valid (confirmed) ticket of the event: what the offline pack is made of. */
export function validTickets(db: DbOrTx, eventId: string) {
  return db.select({ id: registrants.id, code: registrants.ticketCode, name: registrants.name, ticketId: registrants.ticketId, checkedIn: sql<boolean>`${registrants.checkedInAt} is not null` })
    .from(registrants)
    .where(and(eq(registrants.eventId, eventId), confirmedRegistrant()));
}

/** The event's tickets (categories), live or not: the offline pack's index of names. */
export function ticketNames(db: DbOrTx, eventId: string) {
  return db.select({ ticketId: tickets.id, name: tickets.name }).from(tickets).where(eq(tickets.eventId, eventId)).orderBy(asc(tickets.position), asc(tickets.createdAt));
}

const checker = alias(users, 'checker');

/**
 * The door's search: the event's current registrants whose name contains `q`, whose email starts
 * with it, whose phone's national digits start with its digits (when it is a phone number: "0812",
 * "62812" and "+62 812" alike, see phoneNational) or whose ticket code is `q`; at most `n`, by name.
 * Each of these is its own arm with its own index (registrants_event_name_suffix_idx, or for one or
 * two characters the event's names, lib/name-search; registrants_ticket_email_idx;
 * registrants_event_phone_idx; registrants_ticket_code_uq), limited to `n` before the union: one
 * OR over the four read every registrant of a 100,000-registrant event. Email and phone match from
 * their start (at the door one reads them out from the start), which is what a btree can serve
 * without a second trigram index on the intake's path. Prepared and planned once per shape: each
 * arm reads its index whatever the text, so planning it per text (0.6 ms, most of the statement)
 * chose nothing better.
 */
export function searchRegistrants(db: DbOrTx, eventId: string, q: string, n: number, sessionId?: string) {
  const text = q.trim();
  const digits = /^[+\d\s-]+$/.test(text) ? phoneNationalOf(text) : '';
  const shape: DoorShape = `${nameIndexed(text) ? 'indexed' : 'short'}_${digits ? 'phone' : 'text'}_${sessionId ? 'session' : 'event'}`;
  return doorSearch(db, shape, {
    eventId, text, name: contains(text), digits, sessionId: sessionId ?? null, n,
  });
}

type DoorShape = `${'indexed' | 'short'}_${'phone' | 'text'}_${'session' | 'event'}`;

const doorSearch = preparedShapes('door_search', (db, shape: DoorShape) => {
  const [name, phone, of] = shape.split('_');
  const current = and(eq(registrants.eventId, p('eventId')), confirmedRegistrant());
  const arm = (matched: SQL) => db.select({ id: registrants.id }).from(registrants).where(and(current, matched)).limit(p('n'));
  // Each arm takes its first `n` in index order, not by name: a short text ("f") matches every
  // registrant, and sorting them all by name cost 117 ms at 100,000. So when more than `n` match
  // one arm, the answer is `n` of them by name, not necessarily the first `n` by name.
  return doorRows(db, of === 'session', [
    arm(nameContainsOf(p('text'), p('name'), name === 'indexed')),
    arm(and(ticketsOfEvent(db), startsWithRange(sql`lower(${registrants.email})`, sql`lower(${p('text')})`))!),
    db.select({ id: registrants.id }).from(registrants).where(and(current, eq(registrants.ticketCode, p('text')))),
    ...(phone === 'phone' ? [arm(startsWithRange(phoneNational(registrants.phoneNumber), p('digits')))] : []),
  ]);
}, () => 'generic');

/** Registrants of the event's tickets: registrants_ticket_email_idx leads with the ticket. */
const ticketsOfEvent = (db: DbOrTx) =>
  inArray(registrants.ticketId, db.select({ id: tickets.id }).from(tickets).where(eq(tickets.eventId, p('eventId'))));

/**
 * The registrants the arms found (each renders parenthesized: its own LIMIT), at most `n`, by
 * name; for a session (`sessionId`), their check-in is their attendance of it.
 */
function doorRows(db: DbOrTx, forSession: boolean, arms: SQLWrapper[]) {
  const of = forSession
    ? { at: sessionCheckins.checkedInAt, by: sessionCheckins.checkedInBy, device: sessionCheckins.deviceId }
    : { at: registrants.checkedInAt, by: registrants.checkedInBy, device: registrants.checkedInDevice };
  const rows = db.select({
    registrantId: registrants.id, name: registrants.name, email: registrants.email, phoneNumber: registrants.phoneNumber,
    ticketName: tickets.name, checkedInAt: isoTimestamp<string | null>(of.at), checkedInBy: checkedInByName(checker.name, of.device),
  })
    .from(registrants)
    .innerJoin(tickets, eq(tickets.id, registrants.ticketId))
    .$dynamic();
  if (forSession) rows.leftJoin(sessionCheckins, and(eq(sessionCheckins.registrantId, registrants.id), eq(sessionCheckins.sessionId, p('sessionId'))));
  return rows
    .leftJoin(checker, eq(checker.id, of.by))
    .where(sql`${registrants.id} in (${sql.join(arms, sql` union `)})`)
    .orderBy(asc(registrants.name), asc(registrants.id))
    .limit(p('n'));
}
