import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/pg-results.js';
import { dailySlot, eventDailyMetrics, events, jobs, registrants, tickets } from '../../db/schema/index.js';
import { wakeWorkers } from '../../jobs/queue.js';
import { organizationOfEvent, WEBHOOK_DELIVER, webhookOutboxCtes } from '../../lib/webhook-outbox.repository.js';
import type { SeatMailKind } from './seat-mail.type.js';

/** A registration a decision acted on: who, for the audit and the answer. */
export interface Decided { id: string; name: string }

/**
 * Approves one pending registration of the event in ONE statement: it locks the registration,
 * takes its seats as a registration does (`take_seats`, so approvals and registrations together
 * never oversell; an unlimited ticket only takes its row's lock, as an edit of it does), confirms it, counts it on `day` and queues
 * its e-ticket mail. `target` null: not a pending registration of the event; `approved` null
 * with a target: the ticket has no seat left.
 */
export async function approvePending(db: DbOrTx, r: { eventId: string; registrantId: string; day: string; mailKind: string }) {
  const result = await db.execute(sql`
    with target as (
      select id, ticket_id, quantity, name from ${registrants}
      where id = ${r.registrantId}::uuid and event_id = ${r.eventId}::uuid and status = 'pending'
      for update
    ),
    seat as (
      select t.id from ${tickets} t join target on t.id = target.ticket_id
      where case when t.original_quota = -1 then (select true from ${tickets} l where l.id = t.id for no key update)
        else take_seats(t.id, target.quantity, false) end
    ),
    approved as (
      update ${registrants} set status = 'confirmed'
      where id = (select id from target) and exists (select 1 from seat)
      returning id
    ),
    counted as (
      insert into ${eventDailyMetrics} (event_id, day, slot, registrants)
      select ${r.eventId}::uuid, ${r.day}::date, ${dailySlot()}, 1 from approved
      on conflict (event_id, day, slot) do update set registrants = ${eventDailyMetrics}.registrants + 1
    ),
    job as (
      insert into ${jobs} (kind, payload) select ${r.mailKind}, jsonb_build_object('registrantId', approved.id) from approved
    ),
    ${webhookOutboxCtes('hook', 'registration.approved', sql`
      select ${organizationOfEvent(sql`${r.eventId}::uuid`)} as organization_id,
        jsonb_build_object('registrationId', approved.id, 'eventId', ${r.eventId}::text, 'ticketId', (select ticket_id from target), 'status', 'confirmed') as data
      from approved`)}
    select (select id from target) as target, (select name from target) as name, (select id from approved) as approved, (select count(*)::int from hook) as hooks`);
  const row = rowsOf<{ target: string | null; name: string | null; approved: string | null; hooks: number }>(result)[0]!;
  if (row.hooks > 0) wakeWorkers(WEBHOOK_DELIVER.id);
  return row;
}

/**
 * Moves one registration of the event from one of `from` to `to` (declined, cancelled) and queues
 * its seat mail, in one statement; a confirmed one gives its seats back to a limited ticket. A
 * cancellation also needs it unchecked-in and free, decided under the row lock, so a check-in
 * or a purchase racing it wins or loses whole. Gives the registration, or undefined when it is
 * not of the event or not (or no longer) in a state to move.
 */
export async function closeRegistration(db: DbOrTx, r: {
  eventId: string; registrantId: string; from: readonly ('pending' | 'confirmed')[]; to: 'declined' | 'cancelled';
  at: Date; mail: { kind: string; payload: { kind: SeatMailKind; reason?: string | null } };
}) {
  const from = sql.raw(r.from.map((s) => `'${s}'`).join(', '));
  const result = await db.execute(sql`
    with target as (
      select id, ticket_id, quantity, status from ${registrants}
      where id = ${r.registrantId}::uuid and event_id = ${r.eventId}::uuid and status in (${from})
        ${r.to === 'cancelled' ? sql`and checked_in_at is null and transaction_id is null` : sql``}
      for update
    ),
    closed as (
      update ${registrants} r set status = ${sql.raw(`'${r.to}'`)}${r.to === 'cancelled' ? sql`, cancelled_at = ${r.at.toISOString()}::timestamptz` : sql``}
      from target where r.id = target.id
      returning r.id, r.name
    ),
    returned as (
      update ${tickets} t set quota = t.quota + target.quantity
      from target where t.id = target.ticket_id and target.status = 'confirmed' and t.original_quota <> -1
    ),
    job as (
      insert into ${jobs} (kind, payload)
      select ${r.mail.kind}, ${JSON.stringify(r.mail.payload)}::jsonb || jsonb_build_object('registrantId', closed.id) from closed
    )${r.to === 'cancelled' ? sql`,
    ${webhookOutboxCtes('hook', 'registration.cancelled', sql`
      select ${organizationOfEvent(sql`${r.eventId}::uuid`)} as organization_id,
        jsonb_build_object('registrationId', closed.id, 'eventId', ${r.eventId}::text, 'ticketId', (select ticket_id from target),
          'previousStatus', (select status from target), 'cancelledAt', ${r.at.toISOString()}::text) as data
      from closed`)}
    select id, name, (select count(*)::int from hook) as hooks from closed` : sql`
    select id, name, 0 as hooks from closed`}`);
  const row = rowsOf<Decided & { hooks: number }>(result)[0];
  if (row && row.hooks > 0) wakeWorkers(WEBHOOK_DELIVER.id);
  return row && { id: row.id, name: row.name };
}

/** What a seat mail says of a registrant, as committed. */
export async function findSeatMail(db: DbOrTx, registrantId: string) {
  const result = await db.execute(sql`
    select r.email, r.name, r.ticket_code as "ticketCode", r.event_id as "eventId", r.status, e.name as "eventName", t.name as category
    from ${registrants} r join ${events} e on e.id = r.event_id join ${tickets} t on t.id = r.ticket_id
    where r.id = ${registrantId}::uuid`);
  return rowsOf<{ email: string; name: string; ticketCode: string; eventId: string; status: string; eventName: string; category: string }>(result)[0];
}

/** A registration as a cancellation judges it: its status, check-in, purchase and the event's deadline. */
export async function findForCancel(db: DbOrTx, by: { ticketCode: string } | { eventId: string; registrantId: string }) {
  const where = 'ticketCode' in by ? sql`r.ticket_code = ${by.ticketCode}` : sql`r.id = ${by.registrantId}::uuid and r.event_id = ${by.eventId}::uuid`;
  const result = await db.execute(sql`
    select r.id, r.event_id as "eventId", r.ticket_id as "ticketId", r.email, r.name, r.status, r.checked_in_at as "checkedInAt",
      r.transaction_id as "transactionId", e.organization_id as "organizationId",
      coalesce(e.cancellation_deadline, e.first_event_at) as "closesAt"
    from ${registrants} r join ${events} e on e.id = r.event_id
    where ${where}`);
  const row = rowsOf<{
    id: string; eventId: string; ticketId: string; email: string; name: string; status: string; checkedInAt: string | null;
    transactionId: string | null; organizationId: string; closesAt: string | Date | null;
  }>(result)[0];
  return row && { ...row, closesAt: row.closesAt === null ? null : new Date(row.closesAt) };
}
