import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  coinAccounts, confirmedRegistrant, dailySlot, emailIdentity, eventDailyMetrics, events, jobs, ledgerEntries, registrantAnswers, registrants, tickets, trackingLinks, transactions,
} from '../../db/schema/index.js';
import { isDeadlock } from '../../db/pg-results.js';
import { namedStatement } from '../../db/prepared-sql.js';
import { coinAccountIdOf } from '../../lib/ledger.repository.js';
import { organizationOfEvent, WEBHOOK_DELIVER, webhookOutboxCtes } from '../../lib/webhook-outbox.repository.js';
import { wakeWorkers } from '../../jobs/queue.js';

export interface NewRegistration {
  /** Chosen by the caller, so the e-ticket job can be queued before the seat is taken. */
  registrantId: string;
  eventId: string;
  ticketId: string;
  /** False for an unlimited ticket (quota -1): no seat to take. */
  limited: boolean;
  /** A ticket that requires approval: stored `pending`, taking no seat and not counted until approved. */
  pending?: boolean;
  /**
   * The ticket keeps a waiting list: while anyone waits, a free seat is theirs to be offered
   * (seats module), so a newcomer takes none.
   */
  waitlist?: boolean;
  quantity: number;
  /** WIB day the registration counts on in the insight chart. */
  day: string;
  at: Date;
  /** The e-ticket's code (unique; 128 random bits as base64url). */
  ticketCode: string;
  /**
   * At most this many seats per email on the ticket, counting what the email already holds
   * (active registrations), after any other registration of the email on the ticket has
   * finished (`registration_email_held`, migration 0014). Undefined: no limit.
   */
  maxPerEmail?: number;
  /** A job queued with the registration, in the same statement (`jobRow`): the e-ticket mail. */
  job?: { kind: string; payload: object };
  participant: { name: string; email: string; phoneNumber?: string | null; lastEducation?: string | null; gender?: string | null; whatsappOptIn?: boolean };
  answers: { questionId: string; value: unknown }[];
  /** A tracking link's code (lowercase): stored only when the event has a link with it (trackingLinks). */
  ref?: string | null;
  /**
   * The confirmed purchase of a paid ticket; null for a free one. `paymentFee` (positive rupiah)
   * is what the ledger charges the organizer for it.
   */
  purchase: null | {
    invoiceId: string; unitPrice: number; grossAmount: number; discountAmount: number; amount: number;
    discountCode: string | null; paymentFee: number;
  };
}

/**
 * The whole registration as ONE statement: check the email's seats, take the seats, record the
 * purchase, the registrant and its answers, count it on its WIB day and queue its job; a purchase
 * also creates the event's coin account if needed and appends its `sale` (+amount) and
 * `payment_fee` (-fee) ledger entries, so money and facts commit together or not at all. Why one
 * statement: it is atomic without an explicit transaction, and each round trip to the database is
 * most of a registration's cost. The seats are taken by `take_seats` (db/functions), which locks
 * one of the ticket's seat slots until this statement commits, so registrations of one hot
 * ticket commit side by side and never oversell. A registration PostgreSQL rolled back to break a
 * deadlock runs once more, so a limited ticket's registration runs outside any transaction of
 * the caller's. Nothing is written when the ticket no longer
 * has `quantity` seats (or someone waits for them) or the email would hold more than
 * `maxPerEmail`: then `registrantId` is null and `held` says what the email holds.
 */
export async function insertRegistration(db: DbOrTx, r: NewRegistration) {
  try {
    return await registrationStatement(db, r);
  } catch (err) {
    // A deadlock PostgreSQL broke by rolling this statement back (take_seats): nothing of it was written.
    if (!isDeadlock(err)) throw err;
    return registrationStatement(db, r);
  }
}

async function registrationStatement(db: DbOrTx, r: NewRegistration) {
  const p = r.participant;
  const at = r.at.toISOString();
  const held = r.maxPerEmail === undefined
    ? sql`select 0 as n`
    : sql`select registration_email_held(${r.ticketId}::uuid, ${p.email}) as n`;
  const allowed = r.maxPerEmail === undefined ? sql`true` : sql`(select n from held) + ${r.quantity} <= ${r.maxPerEmail}`;
  // take_seats only once the email's limit allows it (a CASE keeps that order).
  const seat = r.limited && !r.pending
    ? sql`select ${r.ticketId}::uuid as id where case when ${allowed} then take_seats(${r.ticketId}::uuid, ${r.quantity}::int, ${r.waitlist ?? false}) else false end`
    : sql`select ${r.ticketId}::uuid as id where ${allowed}`;
  const b = r.purchase;
  const purchase = b
    ? sql`insert into ${transactions} (invoice_id, event_id, ticket_id, buyer_name, buyer_email, buyer_phone, quantity,
            unit_price, gross_amount, discount_amount, amount, discount_code, status, created_at)
          select ${b.invoiceId}, ${r.eventId}::uuid, seat.id, ${p.name}, ${p.email}, ${p.phoneNumber ?? null}, ${r.quantity}::int,
            ${b.unitPrice}::bigint, ${b.grossAmount}::bigint, ${b.discountAmount}::bigint, ${b.amount}::bigint, ${b.discountCode},
            'confirmed', ${at}::timestamptz
          from seat returning id`
    : sql`select null::uuid as id where false`;
  // Free registrations (no purchase) touch neither the coin account nor the ledger.
  const money = b
    ? sql`account as (
        insert into ${coinAccounts} (id, event_id, organization_id)
        select ${coinAccountIdOf(r.eventId)}, ${r.eventId}::uuid, (select organization_id from ${events} where id = ${r.eventId}::uuid) from purchase
        on conflict do nothing
      ),
      ledger as (
        insert into ${ledgerEntries} (coin_account_id, event_id, kind, amount, transaction_id, created_at)
        select ${coinAccountIdOf(r.eventId)}, ${r.eventId}::uuid, e.kind, e.amount, purchase.id, ${at}::timestamptz
        from purchase cross join (values ('sale', ${b.amount}::bigint), ('payment_fee', ${-b.paymentFee}::bigint)) as e(kind, amount)
      ),`
    : sql``;
  const [row] = await namedStatement<{ registrantId: string | null; transactionId: string | null; held: number; hooks: number }>(db, 'registration', sql`
    with held as (${held}),
    seat as (${seat}),
    purchase as (${purchase}),
    ${money}
    reg as (
      insert into ${registrants} (id, event_id, ticket_id, transaction_id, name, email, phone_number, last_education, gender, quantity, ticket_code, status, created_at, ref, whatsapp_opt_in)
      select ${r.registrantId}::uuid, ${r.eventId}::uuid, seat.id, (select id from purchase), ${p.name}, ${p.email}, ${p.phoneNumber ?? null},
        ${p.lastEducation ?? null}, ${p.gender ?? null}, ${r.quantity}::int, ${r.ticketCode}, ${r.pending ? sql`'pending'` : sql`'confirmed'`}, ${at}::timestamptz,
        ${r.ref ? sql`(select l.code from ${trackingLinks} l where l.event_id = ${r.eventId}::uuid and l.code = ${r.ref})` : sql`null`}, ${p.whatsappOptIn ?? false}
      from seat returning id, transaction_id
    ),
    answers as (
      insert into ${registrantAnswers} (registrant_id, question_id, value)
      select reg.id, a."questionId", a.value
      from reg, jsonb_to_recordset(${JSON.stringify(r.answers)}::jsonb) as a("questionId" uuid, value jsonb)
    ),
    ${r.job ? sql`job as (
      insert into ${jobs} (kind, payload) select ${r.job.kind}, ${JSON.stringify(r.job.payload)}::jsonb from reg
    ),` : sql``}
    counted as (
      insert into ${eventDailyMetrics} (event_id, day, slot, registrants)
      select ${r.eventId}::uuid, ${r.day}::date, ${dailySlot()}, 1 from reg where ${r.pending ? sql`false` : sql`true`}
      on conflict (event_id, day, slot) do update set registrants = ${eventDailyMetrics}.registrants + 1
    ),
    ${webhookOutboxCtes('hook', 'registration.created', sql`
      select ${organizationOfEvent(sql`${r.eventId}::uuid`)} as organization_id, jsonb_build_object(
        'registrationId', reg.id, 'eventId', ${r.eventId}::text, 'ticketId', ${r.ticketId}::text, 'status', ${r.pending ? 'pending' : 'confirmed'}::text,
        'name', ${p.name}::text, 'email', ${p.email}::text, 'quantity', ${r.quantity}::int, 'createdAt', ${at}::text) as data
      from reg`)}
    select reg.id as "registrantId", reg.transaction_id as "transactionId", held.n as held, (select count(*)::int from hook) as hooks
    from held left join reg on true`);
  if (row!.hooks > 0) wakeWorkers(WEBHOOK_DELIVER.id);
  return row!;
}

/** What the e-ticket mail says of a registrant, as committed; undefined when there is none. */
export async function findTicketMail(db: DbOrTx, registrantId: string) {
  const [row] = await db
    .select({
      email: registrants.email, name: registrants.name, ticketCode: registrants.ticketCode, eventId: registrants.eventId,
      eventName: events.name, category: tickets.name, mailedAt: registrants.ticketMailedAt, status: registrants.status,
      dates: tickets.dates, experience: events.experience, location: events.location, streamLink: events.eventStreamLink,
    })
    .from(registrants)
    .innerJoin(events, eq(events.id, registrants.eventId))
    .innerJoin(tickets, eq(tickets.id, registrants.ticketId))
    .where(eq(registrants.id, registrantId));
  return row;
}

/** Records the e-ticket as sent (once: a later mark keeps the first time). */
export async function markTicketMailed(db: DbOrTx, registrantId: string, at: Date) {
  await db.update(registrants).set({ ticketMailedAt: at }).where(and(eq(registrants.id, registrantId), isNull(registrants.ticketMailedAt)));
}

/**
 * Queues a job of `kind` for each confirmed registration (not cancelled, not refunded) of the
 * event made with the email, matched as the per-email limit matches it (emailIdentity: no case,
 * no `+tag`), that was not queued again within `everyMs`: the conditional update sets
 * `ticket_resent_at` and the insert queues for exactly the rows it set, in one statement. A concurrent request waits for the
 * row lock, sees the new time and skips the row, so one window queues one job however many ask.
 * Gives the number queued.
 */
export async function queueTicketResends(db: DbOrTx, r: { eventId: string; email: string; at: Date; everyMs: number; kind: string }) {
  const at = sql`${r.at.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with due as (
      update ${registrants} set ticket_resent_at = ${at}
      where ${registrants.ticketId} in (select ${tickets.id} from ${tickets} where ${tickets.eventId} = ${r.eventId}::uuid)
        and ${emailIdentity(registrants.email)} = ${emailIdentity(sql`${r.email}::text`)}
        and ${confirmedRegistrant()}
        and (${registrants.ticketResentAt} is null or ${registrants.ticketResentAt} <= ${at} - ${r.everyMs} * interval '1 millisecond')
      returning ${registrants.id} as id
    )
    insert into ${jobs} (kind, payload) select ${r.kind}, jsonb_build_object('registrantId', due.id) from due`);
  return (result as unknown as { rowCount: number | null }).rowCount ?? 0;
}
