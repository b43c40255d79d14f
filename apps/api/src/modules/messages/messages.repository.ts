import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MessageAudience, MessageKind, MessageStatus, WhatsAppCounts } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/pg-results.js';
import { preparedQuery, preparedSql } from '../../db/prepared-sql.js';
import { pageTotal } from '../../lib/paging.js';
import { events, messageDeliveries, messageOptouts, messages, organizations, registrants, tickets, users, whatsappMessages } from '../../db/schema/index.js';
import { audienceOfEvent, audienceOfEventSql } from '../../lib/counters.repository.js';
import { audienceWhere } from './audience-sql.js';


/**
 * How many would get it: one per email. Without a ticket filter, or with one naming every ticket
 * category of the event (deleted ones too), the event's audience counters (migration 0025: distinct
 * emails of current registrants, of those checked in, of those not, kept by a trigger on
 * registrants), a few rows. A strict subset of tickets is any union of people, so it stays a count
 * over those tickets' registrants (about 330 ms for 100,000 of them). One statement: CASE runs only
 * the subquery it picks.
 */
export async function countAudience(db: DbOrTx, eventId: string, a: MessageAudience): Promise<number> {
  if (!a.ticketIds?.length) return audienceOfEvent(db, eventId, a.attendance);
  const ids = sql.join(a.ticketIds.map((id) => sql`${id}::uuid`), sql`, `);
  const result = await db.execute(sql`select case
      when not exists (select 1 from ${tickets} t where t.event_id = ${eventId}::uuid and t.id not in (${ids})) then ${audienceOfEventSql(eventId, a.attendance)}
      else (select count(distinct lower(r.email))::int from ${registrants} r where ${audienceWhere(eventId, a)}) end as n`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** The event's ticket categories among `ids` (to refuse another event's). */
export async function ticketsOf(db: DbOrTx, eventId: string, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: tickets.id, name: tickets.name }).from(tickets).where(and(eq(tickets.eventId, eventId), inArray(tickets.id, ids)));
}

/** What the merge fields of one registrant are filled from. */
const mergeColumns = sql`r.id as "registrantId", lower(r.email) as email, r.name, r.ticket_code as "ticketCode", t.name as "ticketName", t.dates,
  e.id as "eventId", e.name as "eventName", e.experience, e.location, e.event_stream_link as "streamLink"`;
export interface MergeRow {
  registrantId: string; email: string; name: string; ticketCode: string; ticketName: string;
  dates: { date: string; startHour?: string | null; endHour?: string | null }[];
  eventId: string; eventName: string; experience: string | null; location: string | null; streamLink: string | null;
}

/** A registrant of the audience for a preview or a test (the earliest registered); undefined when none. */
export async function sampleOf(db: DbOrTx, eventId: string, a: MessageAudience): Promise<MergeRow | undefined> {
  if (!a.ticketIds?.length && a.attendance === 'all') return (await firstOfEvent(db, { eventId }))[0];
  const result = await db.execute(sql`select ${mergeColumns} from ${registrants} r join ${tickets} t on t.id = r.ticket_id join ${events} e on e.id = r.event_id
    where ${audienceWhere(eventId, a)} order by r.created_at, r.id limit 1`);
  return rowsOf<MergeRow>(result)[0];
}

// The whole event's sample (the reminders' previews, on every view of Pengingat): the event's
// registrants in order, planned once for all events (see PlanMode).
const firstOfEvent = preparedSql<MergeRow>('messages_sample_of_event', () => sql`select ${mergeColumns}
  from ${registrants} r join ${tickets} t on t.id = r.ticket_id join ${events} e on e.id = r.event_id
  where r.event_id = ${sql.placeholder('eventId')}::uuid and r.status = 'confirmed' order by r.created_at, r.id limit 1`, 'generic');

/** Serialises the organization's daily-cap checks: two messages created at once cannot both fit. */
export async function lockOrganizationCap(tx: DbOrTx, organizationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`message-cap:${organizationId}`}))`);
}

/** Recipients of the organization's announcements created since `since` (cancelled ones do not count). */
export async function announcedSince(db: DbOrTx, organizationId: string, since: Date): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${messages.recipients}), 0)::int` }).from(messages)
    .where(and(eq(messages.organizationId, organizationId), eq(messages.kind, 'announcement'), sql`${messages.status} <> 'cancelled'`, sql`${messages.createdAt} > ${since.toISOString()}::timestamptz`));
  return row?.n ?? 0;
}

export async function insertMessage(db: DbOrTx, m: {
  eventId: string; organizationId: string; kind: MessageKind; subject: string; body: string; audience: MessageAudience;
  status: MessageStatus; sendAt: Date; createdBy: string | null; recipients: number;
}): Promise<string> {
  const [row] = await db.insert(messages).values(m).returning({ id: messages.id });
  return row!.id;
}

const sender = users;
const ticketNames = sql<string[]>`coalesce((select array_agg(tk.name order by tk.position) from ${tickets} tk
  where tk.id::text in (select jsonb_array_elements_text(coalesce(${messages.audience}->'ticketIds', '[]'::jsonb)))), '{}')`;

/** A reminder's WhatsApp messages by status (whatsapp_messages_message_idx); null when it has none. */
const whatsappCounts = sql<WhatsAppCounts | null>`(select case when count(*) = 0 then null else json_build_object(
    'queued', count(*) filter (where w.status = 'queued'),
    'sent', count(*) filter (where w.status in ('sent', 'delivered', 'read')),
    'delivered', count(*) filter (where w.status in ('delivered', 'read')),
    'read', count(*) filter (where w.status = 'read'),
    'failed', count(*) filter (where w.status = 'failed')) end
  from ${whatsappMessages} w where w.message_id = ${messages.id})`;

const listColumns = {
  id: messages.id, kind: messages.kind, subject: messages.subject, audience: messages.audience, status: messages.status,
  sendAt: messages.sendAt, createdAt: messages.createdAt, finishedAt: messages.finishedAt, recipients: messages.recipients,
  addressedAt: messages.addressedAt, sentBy: sender.name,
  // Kept on the row by migration 0037's triggers: counting a large audience's deliveries per view was O(recipients).
  queued: messages.deliveriesQueued, sent: messages.deliveriesSent, failed: messages.deliveriesFailed, bounced: messages.deliveriesBounced,
  ticketNames,
  whatsapp: whatsappCounts,
};

/** A page of the event's messages, newest first; its rows carry the total (lib/paging.ts). */
export async function listMessages(db: DbOrTx, eventId: string, page: number, limit: number) {
  const rows = await pageOf(db, { eventId, limit, offset: (page - 1) * limit });
  const total = await pageTotal(rows, page, async () => (await countOf(db, { eventId }))[0]?.n ?? 0);
  return { rows, total };
}

export async function findMessage(db: DbOrTx, eventId: string, messageId: string) {
  const [row] = await messageOf(db, { eventId, messageId });
  return row;
}

/** A message with its first `n` failed and bounced deliveries (by email: the registrant's name and the reason), in one statement. */
export async function findMessageWithFailures(db: DbOrTx, eventId: string, messageId: string, n: number) {
  const [row] = await messageWithFailuresOf(db, { eventId, messageId, n });
  return row;
}

// The message history's reads, built once (db/prepared-sql.ts).
// An event's messages in order: planned once for all events (see PlanMode).
const pageOf = preparedQuery('messages_page', (db) => db.select({ ...listColumns, total: sql<number>`count(*) over ()`.mapWith(Number) }).from(messages).leftJoin(sender, eq(sender.id, messages.createdBy))
  .where(eq(messages.eventId, sql.placeholder('eventId'))).orderBy(desc(messages.createdAt), desc(messages.id))
  .limit(sql.placeholder('limit')).offset(sql.placeholder('offset')), 'generic');
const countOf = preparedQuery('messages_count', (db) => db.select({ n: count() }).from(messages).where(eq(messages.eventId, sql.placeholder('eventId'))));
const messageOf = preparedQuery('messages_one', (db) => db.select({ ...listColumns, body: messages.body }).from(messages)
  .leftJoin(sender, eq(sender.id, messages.createdBy))
  .where(and(eq(messages.id, sql.placeholder('messageId')), eq(messages.eventId, sql.placeholder('eventId')))));
const failures = sql<{ email: string; name: string; reason: string }[]>`(select coalesce(json_agg(json_build_object('email', f.email, 'name', f.name, 'reason', f.reason) order by f.email), '[]'::json)
  from (select d.email, r.name, coalesce(d.error, '') as reason from ${messageDeliveries} d join ${registrants} r on r.id = d.registrant_id
        where d.message_id = ${messages.id} and d.status in ('failed', 'bounced') order by d.email limit ${sql.placeholder('n')}) f)`;
const messageWithFailuresOf = preparedQuery('messages_one_with_failures', (db) => db.select({ ...listColumns, body: messages.body, failures }).from(messages)
  .leftJoin(sender, eq(sender.id, messages.createdBy))
  .where(and(eq(messages.id, sql.placeholder('messageId')), eq(messages.eventId, sql.placeholder('eventId')))));

/** Cancels a message still scheduled; false when it is not (anymore). */
export async function cancelScheduled(db: DbOrTx, messageId: string): Promise<boolean> {
  const rows = await db.update(messages).set({ status: 'cancelled', finishedAt: sql`now()` })
    .where(and(eq(messages.id, messageId), eq(messages.status, 'scheduled'))).returning({ id: messages.id });
  return rows.length > 0;
}

export async function saveReminders(db: DbOrTx, eventId: string, r: { dayBefore: boolean; hourBefore: boolean }) {
  await db.update(events).set({ reminderDayBefore: r.dayBefore, reminderHourBefore: r.hourBefore }).where(eq(events.id, eventId));
}

export async function organizationName(db: DbOrTx, organizationId: string): Promise<string> {
  const [row] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.name ?? '';
}

/** The address a registrant's unsubscribe link stops, with its organization; undefined for an unknown registrant. */
export async function recipientOf(db: DbOrTx, registrantId: string): Promise<{ organizationId: string; organizer: string; email: string } | undefined> {
  const [row] = await db.select({ organizationId: organizations.id, organizer: organizations.name, email: registrants.email }).from(registrants)
    .innerJoin(events, eq(events.id, registrants.eventId)).innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(eq(registrants.id, registrantId));
  return row;
}

export async function optOut(db: DbOrTx, organizationId: string, email: string) {
  await db.insert(messageOptouts).values({ organizationId, email: email.toLowerCase() }).onConflictDoNothing();
}

