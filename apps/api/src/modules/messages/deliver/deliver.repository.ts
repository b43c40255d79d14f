import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MessageAudience } from '@eo/contract';
import type { DbOrTx } from '../../../db/client.js';
import { rowsOf } from '../../../db/pg-results.js';
import { events, jobs, messageDeliveries, messageOptouts, messages, registrants, tickets } from '../../../db/schema/index.js';
import { jobRow } from '../../../jobs/job-definition.js';
import { audienceWhere } from '../audience-sql.js';
import { SEND_MESSAGE } from './send-message.type.js';


export async function messageForSending(db: DbOrTx, messageId: string) {
  const [row] = await db.select({
    id: messages.id, eventId: messages.eventId, organizationId: messages.organizationId, kind: messages.kind, subject: messages.subject, body: messages.body,
    audience: messages.audience, status: messages.status, sendAt: messages.sendAt, addressedAt: messages.addressedAt,
  }).from(messages).where(eq(messages.id, messageId));
  return row && { ...row, audience: row.audience as MessageAudience };
}

/**
 * Starts sending: a scheduled message whose time has come becomes `sending`, and its recipients
 * are fixed once as deliveries (one per email; an announcement's opted-out addresses `skipped`),
 * in one transaction. Run again (a resumed job), it finds them made and changes nothing.
 */
export async function address(tx: DbOrTx, m: { id: string; eventId: string; organizationId: string; kind: string; audience: MessageAudience }) {
  await tx.update(messages).set({ status: 'sending' }).where(and(eq(messages.id, m.id), eq(messages.status, 'scheduled')));
  const [held] = await tx.select({ addressedAt: messages.addressedAt }).from(messages).where(eq(messages.id, m.id)).for('update');
  if (held?.addressedAt) return;
  const optedOut = m.kind === 'announcement'
    ? sql`exists (select 1 from ${messageOptouts} o where o.organization_id = ${m.organizationId}::uuid and o.email = lower(r.email))`
    : sql`false`;
  await tx.execute(sql`
    insert into ${messageDeliveries} (message_id, registrant_id, email, status, error)
    select distinct on (lower(r.email)) ${m.id}::uuid, r.id, lower(r.email),
      case when ${optedOut} then 'skipped' else 'queued' end, case when ${optedOut} then 'opted out' end
    from ${registrants} r where ${audienceWhere(m.eventId, m.audience)}
    order by lower(r.email), r.created_at, r.id
    on conflict (message_id, email) do nothing`);
  await tx.update(messages).set({
    addressedAt: sql`now()`,
    recipients: sql`(select count(*)::int from ${messageDeliveries} d where d.message_id = ${m.id}::uuid and d.status <> 'skipped')`,
  }).where(eq(messages.id, m.id));
}

/** When the event starts (its first session or day): the H-1 reminder's date. */
export async function eventStartOf(db: DbOrTx, eventId: string): Promise<Date | null> {
  const [row] = await db.select({ at: events.firstEventAt }).from(events).where(eq(events.id, eventId));
  return row?.at ?? null;
}

export interface DeliveryRow {
  id: string; email: string; attempts: number; registrantId: string; name: string; ticketCode: string; ticketName: string;
  dates: { date: string; startHour?: string | null; endHour?: string | null }[];
  eventId: string; eventName: string; experience: string | null; location: string | null; streamLink: string | null; eoName: string | null; eoEmail: string | null;
}

/**
 * The next queued deliveries that may go now, with what their mail is filled from. A registrant
 * no longer confirmed since the message was addressed (cancelled, refunded) is skipped as their
 * delivery comes up, its status as the delivery's reason: only participants get it. Reads only the batch (index order on the partial index of queued
 * deliveries), so a message to 10,000 costs the same per batch as one to 100.
 */
export async function nextBatch(db: DbOrTx, messageId: string, n: number): Promise<DeliveryRow[]> {
  for (;;) {
    const result = await db.execute(sql`
      select d.id, d.email, d.attempts, r.id as "registrantId", r.name, r.ticket_code as "ticketCode", t.name as "ticketName", t.dates,
        e.id as "eventId", e.name as "eventName", e.experience, e.location, e.event_stream_link as "streamLink", e.eo_name as "eoName", e.eo_email as "eoEmail",
        r.status as "registrantStatus"
      from ${messageDeliveries} d join ${registrants} r on r.id = d.registrant_id join ${tickets} t on t.id = r.ticket_id join ${events} e on e.id = r.event_id
      where d.message_id = ${messageId}::uuid and d.status = 'queued' and (d.retry_at is null or d.retry_at <= now())
      order by d.id limit ${n}`);
    const rows = rowsOf<DeliveryRow & { registrantStatus: string }>(result);
    const gone = rows.filter((r) => r.registrantStatus !== 'confirmed');
    for (const status of new Set(gone.map((r) => r.registrantStatus))) {
      const ids = gone.filter((r) => r.registrantStatus === status).map((r) => r.id);
      await db.update(messageDeliveries).set({ status: 'skipped', error: status })
        .where(and(inArray(messageDeliveries.id, ids), eq(messageDeliveries.status, 'queued')));
    }
    const live = rows.filter((r) => r.registrantStatus === 'confirmed').map(({ registrantStatus: _, ...row }) => row);
    // A batch of registrants no longer confirmed only: look again, the queue may hold more.
    if (live.length || !gone.length) return live;
  }
}

/** The deliveries whose mails the server took (a batch's, in one statement). */
export async function markSent(db: DbOrTx, deliveryIds: string[]) {
  await db.update(messageDeliveries).set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${messageDeliveries.attempts} + 1`, error: null })
    .where(inArray(messageDeliveries.id, deliveryIds));
}

export async function markFailed(db: DbOrTx, deliveryId: string, error: string, status: 'failed' | 'bounced') {
  await db.update(messageDeliveries).set({ status, attempts: sql`${messageDeliveries.attempts} + 1`, error: error.slice(0, 500) })
    .where(eq(messageDeliveries.id, deliveryId));
}

/** A temporary failure: tried again after `delayMs`. */
export async function markRetry(db: DbOrTx, deliveryId: string, error: string, delayMs: number) {
  await db.update(messageDeliveries).set({
    attempts: sql`${messageDeliveries.attempts} + 1`, error: error.slice(0, 500), retryAt: sql`now() + ${`${delayMs} milliseconds`}::interval`,
  }).where(eq(messageDeliveries.id, deliveryId));
}

/** When the earliest waiting retry is due, in ms from now; undefined when nothing is queued. */
export async function nextRetryIn(db: DbOrTx, messageId: string): Promise<number | undefined> {
  const result = await db.execute(sql`select greatest(0, extract(epoch from (min(coalesce(retry_at, now())) - now())) * 1000)::float8 as ms, count(*)::int as n
    from ${messageDeliveries} where message_id = ${messageId}::uuid and status = 'queued'`);
  const row = rowsOf<{ ms: number | null; n: number }>(result)[0];
  return row && row.n > 0 ? Number(row.ms ?? 0) : undefined;
}

/** Nothing queued: the message is sent (failed when every delivery failed or bounced). */
export async function finish(db: DbOrTx, messageId: string) {
  await db.execute(sql`update ${messages} m set finished_at = now(), status = case
      when exists (select 1 from ${messageDeliveries} d where d.message_id = m.id and d.status in ('failed', 'bounced'))
       and not exists (select 1 from ${messageDeliveries} d where d.message_id = m.id and d.status = 'sent') then 'failed' else 'sent' end
    where m.id = ${messageId}::uuid and m.status = 'sending'`);
}

/**
 * Creates the reminders that are due, each once per event and kind (the unique index makes two
 * processes that run this together create one), and queues their sending in the same statement:
 * - `reminderDay` within the 24 hours before the event's start, while at least 2 hours remain
 *   (later, the hour-before reminder says it);
 * - `reminderHour` within the hour before the start of an online event.
 * Only published, approved, live events with the reminder on.
 */
export async function createDueReminders(db: DbOrTx, texts: { day: { subject: string; body: string }; hour: { subject: string; body: string } }) {
  const job = jobRow(SEND_MESSAGE, { messageId: '00000000-0000-0000-0000-000000000000' });
  const result = await db.execute(sql`
    with due as (
      select e.id, e.organization_id, 'reminderDay' as kind, ${texts.day.subject} as subject, ${texts.day.body} as body from ${events} e
      where e.reminder_day_before and not e.is_draft and e.approved_status = 'approved' and e.deleted_at is null
        and e.first_event_at > now() + interval '2 hours' and e.first_event_at <= now() + interval '24 hours'
      union all
      select e.id, e.organization_id, 'reminderHour', ${texts.hour.subject}, ${texts.hour.body} from ${events} e
      where e.reminder_hour_before and e.experience = 'online' and not e.is_draft and e.approved_status = 'approved' and e.deleted_at is null
        and e.first_event_at > now() and e.first_event_at <= now() + interval '1 hour'
    ),
    made as (
      insert into ${messages} (event_id, organization_id, kind, subject, body, audience, status, send_at)
      select id, organization_id, kind, subject, body, '{"attendance":"all"}'::jsonb, 'sending', now() from due
      on conflict (event_id, kind) where kind <> 'announcement' do nothing
      returning id
    ),
    queued as (
      insert into ${jobs} (kind, payload) select ${job.kind}, jsonb_build_object('messageId', made.id) from made returning id
    )
    select count(*)::int as n from made`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
