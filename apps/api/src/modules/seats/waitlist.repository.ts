import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { WAITLIST_OFFER_HOURS, type WaitlistStatus } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/pg-results.js';
import { auditLog, events, jobs, registrants, seatsLeft, tickets, waitlistEntries } from '../../db/schema/index.js';
import { wakeWorkers } from '../../jobs/queue.js';
import { WEBHOOK_DELIVER, webhookOutboxCtes } from '../../lib/webhook-outbox.repository.js';

/** The job kinds the waiting list queues (their handlers: waitlist.jobs.ts). */
export const WAITLIST_JOB = { offerMail: 'waitlist.offer-mail', lapse: 'waitlist.lapse' } as const;

export interface NewWaitlistEntry {
  eventId: string;
  ticketId: string;
  participant: { name: string; email: string; phoneNumber?: string | null; lastEducation?: string | null; gender?: string | null; whatsappOptIn?: boolean };
  answers: { questionId: string; value: unknown }[];
  /** What the email may hold of the ticket at most: one already registered up to it does not queue. */
  maxPerEmail?: number;
  at: Date;
}

/**
 * Puts a person at the end of a ticket's waiting list, unless their email already holds what the
 * ticket allows (`registration_email_held`). Gives the entry and its position among those
 * waiting or offered; `held` when refused for the email's registrations. A second place for the
 * same person and ticket violates waitlist_ticket_email_idx (the caller answers ALREADY_ON_WAITLIST).
 */
export async function insertEntry(db: DbOrTx, e: NewWaitlistEntry) {
  const p = e.participant;
  const allowed = e.maxPerEmail === undefined ? sql`true` : sql`registration_email_held(${e.ticketId}::uuid, ${p.email}) < ${e.maxPerEmail}`;
  const [row] = rowsOf<{ id: string; seq: number }>(await db.execute(sql`
    insert into ${waitlistEntries} (event_id, ticket_id, name, email, phone_number, last_education, gender, answers, created_at, whatsapp_opt_in)
    select ${e.eventId}::uuid, ${e.ticketId}::uuid, ${p.name}, ${p.email}, ${p.phoneNumber ?? null}, ${p.lastEducation ?? null}, ${p.gender ?? null},
      ${JSON.stringify(e.answers)}::jsonb, ${e.at.toISOString()}::timestamptz, ${p.whatsappOptIn ?? false}
    where ${allowed}
    returning id, seq`));
  if (!row) return undefined;
  return { id: row.id, position: await positionOf(db, e.ticketId, row.seq) };
}

/** The place of `seq` among those waiting or offered for the ticket, from 1. */
async function positionOf(db: DbOrTx, ticketId: string, seq: number) {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`
    select count(*)::int as n from ${waitlistEntries} where ticket_id = ${ticketId}::uuid and status in ('waiting', 'offered') and seq <= ${seq}`));
  return row.n;
}

/**
 * Takes the ticket's row lock, as freeing or taking one of its seats does, until the caller's
 * transaction ends: waits for whoever holds it, so the statements that follow see what it did.
 */
export async function lockTicket(db: DbOrTx, ticketId: string) {
  await db.execute(sql`select id from ${tickets} where id = ${ticketId}::uuid for no key update`);
}

/**
 * Offers a free seat of the ticket to the first one waiting, in ONE statement: the entry (locked,
 * skipping one another offer holds), the seat taken as every registration takes one (`take_seats`,
 * so a seat is held by one offer or one registration, never two), the
 * entry marked offered with a fresh token until `at` + WAITLIST_OFFER_HOURS, its mail and its
 * lapse queued, and `waitlist.offered` in the organization's audit log (no member acted: no actor). Gives the entry offered, or undefined when no one waits or no seat is free.
 */
export async function offerNext(db: DbOrTx, ticketId: string, at: Date) {
  const until = new Date(at.getTime() + WAITLIST_OFFER_HOURS * 3600_000).toISOString();
  const token = randomBytes(16).toString('base64url');
  const [row] = rowsOf<{ id: string; eventId: string; name: string; organizationId: string; hooks: number }>(await db.execute(sql`
    with next as (
      select id from ${waitlistEntries} where ticket_id = ${ticketId}::uuid and status = 'waiting'
      order by seq limit 1 for update skip locked
    ),
    seat as (
      select id from ${tickets}
      where id = ${ticketId}::uuid and case when original_quota <> -1 and exists (select 1 from next) then take_seats(id, 1, false) else false end
    ),
    offered as (
      update ${waitlistEntries} w set status = 'offered', offer_token = ${token}, offered_until = ${until}::timestamptz
      from next where w.id = next.id and exists (select 1 from seat)
      returning w.id, w.event_id, w.name
    ),
    mail as (
      insert into ${jobs} (kind, payload) select ${WAITLIST_JOB.offerMail}, jsonb_build_object('entryId', offered.id) from offered
    ),
    lapse as (
      insert into ${jobs} (kind, payload, run_after) select ${WAITLIST_JOB.lapse}, jsonb_build_object('entryId', offered.id), ${until}::timestamptz from offered
    ),
    audited as (
      insert into ${auditLog} (organization_id, actor_id, action, target_type, target_id, summary, detail, created_at)
      select e.organization_id, null, 'waitlist.offered', 'waitlist', offered.id::text, offered.name,
        jsonb_build_object('eventId', offered.event_id, 'ticketId', ${ticketId}::text, 'offeredUntil', ${until}::text), ${at.toISOString()}::timestamptz
      from offered join ${events} e on e.id = offered.event_id
    ),
    ${webhookOutboxCtes('hook', 'waitlist.offered', sql`
      select e.organization_id, jsonb_build_object(
        'waitlistEntryId', offered.id, 'eventId', offered.event_id, 'ticketId', ${ticketId}::text, 'name', offered.name, 'offeredUntil', ${until}::text) as data
      from offered join ${events} e on e.id = offered.event_id`)}
    select offered.id, offered.event_id as "eventId", offered.name, e.organization_id as "organizationId", (select count(*)::int from hook) as hooks
    from offered join ${events} e on e.id = offered.event_id`));
  if (row && row.hooks > 0) wakeWorkers(WEBHOOK_DELIVER.id);
  return row && { id: row.id, eventId: row.eventId, name: row.name, organizationId: row.organizationId };
}

/**
 * Ends an offer that holds a seat (lapsed, or its place removed): the entry to `to`, its seat
 * back to the ticket, in one statement. `due`: only once its time has passed. Gives the ticket
 * whose seat came back, or undefined when the entry no longer holds one.
 */
export async function endOffer(db: DbOrTx, entryId: string, to: 'expired' | 'removed', opts: { due?: Date } = {}) {
  const [row] = rowsOf<{ ticketId: string }>(await db.execute(sql`
    with ended as (
      update ${waitlistEntries} set status = ${sql.raw(`'${to}'`)}
      where id = ${entryId}::uuid and status = 'offered' ${opts.due ? sql`and offered_until <= ${opts.due.toISOString()}::timestamptz` : sql``}
      returning ticket_id
    ),
    returned as (
      update ${tickets} t set quota = t.quota + 1 from ended where t.id = ended.ticket_id and t.original_quota <> -1
    )
    select ticket_id as "ticketId" from ended`));
  return row;
}

/** Removes a place that waits (no seat held). Gives whether it did. */
export async function removeWaiting(db: DbOrTx, entryId: string) {
  const result = await db.execute(sql`update ${waitlistEntries} set status = 'removed' where id = ${entryId}::uuid and status = 'waiting'`);
  return ((result as unknown as { rowCount: number | null }).rowCount ?? 0) > 0;
}

/** An offer by its token, locked for the acceptance that judges it. */
export async function lockOffer(db: DbOrTx, token: string) {
  const [row] = rowsOf<{
    id: string; eventId: string; ticketId: string; status: string; offeredUntil: Date; name: string; email: string; phoneNumber: string | null;
    lastEducation: string | null; gender: string | null; answers: { questionId: string; value: unknown }[]; whatsappOptIn: boolean;
  }>(await db.execute(sql`
    select w.id, w.event_id as "eventId", w.ticket_id as "ticketId", w.status, w.offered_until as "offeredUntil", w.name, w.email,
      w.phone_number as "phoneNumber", w.last_education as "lastEducation", w.gender, w.answers, w.whatsapp_opt_in as "whatsappOptIn"
    from ${waitlistEntries} w
    where w.offer_token = ${token}
    for update of w`));
  return row && { ...row, offeredUntil: new Date(row.offeredUntil) };
}

export async function markAccepted(db: DbOrTx, entryId: string, registrantId: string) {
  await db.execute(sql`update ${waitlistEntries} set status = 'accepted', registrant_id = ${registrantId}::uuid where id = ${entryId}::uuid`);
}

/** The tickets with a free seat and someone waiting for it (a quota raised, a refund, an offer ended elsewhere). */
export async function ticketsToOffer(db: DbOrTx) {
  return rowsOf<{ id: string }>(await db.execute(sql`
    select t.id from ${tickets} t
    where t.waitlist and t.deleted_at is null and t.original_quota <> -1 and ${seatsLeft()} >= 1
      and exists (select 1 from ${waitlistEntries} w where w.ticket_id = t.id and w.status = 'waiting')`));
}

/** Offers still holding a seat past their time: lapsed without their job having run (a crash, a clock). */
export async function overdueOffers(db: DbOrTx, now: Date) {
  return rowsOf<{ id: string }>(await db.execute(sql`
    select id from ${waitlistEntries} where status = 'offered' and offered_until <= ${now.toISOString()}::timestamptz limit 500`));
}

/** What an offer's mail and page say: the person, the event and ticket, the deadline. */
export async function findOffer(db: DbOrTx, by: { entryId: string } | { token: string }) {
  const where = 'token' in by ? sql`w.offer_token = ${by.token}` : sql`w.id = ${by.entryId}::uuid`;
  const [row] = rowsOf<{
    id: string; status: string; email: string; name: string; eventId: string; eventName: string; category: string;
    offerToken: string | null; offeredUntil: Date | null; registrantId: string | null; ticketCode: string | null;
  }>(await db.execute(sql`
    select w.id, w.status, w.email, w.name, w.event_id as "eventId", e.name as "eventName", t.name as category,
      w.offer_token as "offerToken", w.offered_until as "offeredUntil", w.registrant_id as "registrantId", r.ticket_code as "ticketCode"
    from ${waitlistEntries} w join ${events} e on e.id = w.event_id join ${tickets} t on t.id = w.ticket_id
    left join ${registrants} r on r.id = w.registrant_id
    where ${where}`));
  return row && { ...row, offeredUntil: row.offeredUntil && new Date(row.offeredUntil) };
}

/** A page of an event's waiting list, in order, with each active place's position for its ticket. */
export async function waitlistPage(db: DbOrTx, eventId: string, limit: number, offset: number) {
  const rows = rowsOf<{
    id: string; name: string; email: string; ticketId: string; ticketName: string; status: WaitlistStatus; offeredUntil: string | null;
    createdAt: string; position: number | null; total: number;
  }>(await db.execute(sql`
    select w.id, w.name, w.email, w.ticket_id as "ticketId", t.name as "ticketName", w.status,
      to_char(w.offered_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "offeredUntil",
      to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
      case when w.status in ('waiting', 'offered') then (
        select count(*)::int from ${waitlistEntries} a where a.ticket_id = w.ticket_id and a.status in ('waiting', 'offered') and a.seq <= w.seq
      ) end as position,
      (select count(*)::int from ${waitlistEntries} c where c.event_id = ${eventId}::uuid) as total
    from ${waitlistEntries} w join ${tickets} t on t.id = w.ticket_id
    where w.event_id = ${eventId}::uuid
    order by w.seq
    limit ${limit} offset ${offset}`));
  return rows;
}

/** The entry of the event, for removing it. */
export async function findEntryOf(db: DbOrTx, eventId: string, entryId: string) {
  const [row] = rowsOf<{ id: string; status: string; ticketId: string; name: string }>(await db.execute(sql`
    select id, status, ticket_id as "ticketId", name from ${waitlistEntries} where id = ${entryId}::uuid and event_id = ${eventId}::uuid`));
  return row;
}

