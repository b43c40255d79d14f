import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WhatsAppKind, WhatsAppStatus } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/pg-results.js';
import { events, jobs, registrants, waitlistEntries, whatsappMessages, whatsappOptouts } from '../../db/schema/index.js';

/** `62` and the national digits of a phone column, as whatsappNumber (contract) gives them; null unless a mobile number. */
const numberOf = (column: ReturnType<typeof sql>) => sql`(case when regexp_replace(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), '^(62)?0*', '') ~ '^8[0-9]{7,12}$'
  then '62' || regexp_replace(regexp_replace(${column}, '[^0-9]', '', 'g'), '^(62)?0*', '') end)`;

const notOptedOut = (organization: ReturnType<typeof sql>, phone: ReturnType<typeof sql>) =>
  sql`not exists (select 1 from ${whatsappOptouts} o where o.organization_id = ${organization} and o.phone = ${phone})`;

export interface Template { template: string; language: string }

/**
 * Queues one message to a registrant who asked for WhatsApp (and has a mobile number, and did not
 * send STOP to the organization), once by its key; true when this call made it.
 */
export async function queueForRegistrant(db: DbOrTx, m: Template & { kind: WhatsAppKind; key: string; registrantId: string; params: string[] }): Promise<boolean> {
  const phone = numberOf(sql`r.phone_number`);
  const result = await db.execute(sql`
    insert into ${whatsappMessages} (organization_id, event_id, registrant_id, kind, idempotency_key, phone, template, language, params)
    select e.organization_id, e.id, r.id, ${m.kind}, ${m.key}, ${phone}, ${m.template}, ${m.language}, ${JSON.stringify(m.params)}::jsonb
    from ${registrants} r join ${events} e on e.id = r.event_id
    where r.id = ${m.registrantId}::uuid and r.whatsapp_opt_in and ${phone} is not null and ${notOptedOut(sql`e.organization_id`, phone)}
    on conflict (idempotency_key) do nothing
    returning id`);
  return rowsOf(result).length > 0;
}

/** The same for a waiting-list entry (its offer): the entry's own phone and choice. */
export async function queueForWaitlistEntry(db: DbOrTx, m: Template & { key: string; entryId: string; params: string[] }): Promise<boolean> {
  const phone = numberOf(sql`w.phone_number`);
  const result = await db.execute(sql`
    insert into ${whatsappMessages} (organization_id, event_id, kind, idempotency_key, phone, template, language, params)
    select e.organization_id, e.id, 'waitlistOffer', ${m.key}, ${phone}, ${m.template}, ${m.language}, ${JSON.stringify(m.params)}::jsonb
    from ${waitlistEntries} w join ${events} e on e.id = w.event_id
    where w.id = ${m.entryId}::uuid and w.whatsapp_opt_in and ${phone} is not null and ${notOptedOut(sql`e.organization_id`, phone)}
    on conflict (idempotency_key) do nothing
    returning id`);
  return rowsOf(result).length > 0;
}

/**
 * A reminder's messages: one per number among the event's confirmed registrants who asked for
 * WhatsApp (the earliest registration of a number), each keyed by its registrant and the reminder's
 * kind, so a reminder addressed again (a resumed job) adds none. `params` are SQL over `r` and `e`.
 */
export async function queueReminder(db: DbOrTx, m: Template & { messageId: string; eventId: string; kind: 'reminderDay' | 'reminderHour'; params: ReturnType<typeof sql> }): Promise<number> {
  const phone = numberOf(sql`r.phone_number`);
  const result = await db.execute(sql`
    insert into ${whatsappMessages} (organization_id, event_id, registrant_id, message_id, kind, idempotency_key, phone, template, language, params)
    select distinct on (${phone}) e.organization_id, e.id, r.id, ${m.messageId}::uuid, ${m.kind}, ${m.kind} || ':' || r.id, ${phone}, ${m.template}, ${m.language}, ${m.params}
    from ${registrants} r join ${events} e on e.id = r.event_id
    where r.event_id = ${m.eventId}::uuid and r.status = 'confirmed' and r.whatsapp_opt_in and ${phone} is not null
      and ${notOptedOut(sql`e.organization_id`, phone)}
    order by ${phone}, r.created_at, r.id
    on conflict (idempotency_key) do nothing`);
  return (result as unknown as { rowCount: number | null }).rowCount ?? 0;
}

/** Brings the sender's next run forward to now (it runs on a schedule too): after messages were queued. */
export async function hurrySender(db: DbOrTx, kind: string) {
  await db.update(jobs).set({ runAfter: sql`now()` }).where(and(eq(jobs.key, kind), eq(jobs.status, 'queued'), sql`${jobs.runAfter} > now()`));
}

export interface OutgoingRow { id: string; phone: string; template: string; language: string; params: string[]; idempotencyKey: string; attempts: number }

/**
 * The next queued messages that may go now, oldest first (the partial index of queued ones),
 * but those `without` (requests still under way).
 * Those to a number that sent STOP since they were queued are `skipped` on the way.
 */
export async function nextBatch(db: DbOrTx, n: number, without: string[] = []): Promise<OutgoingRow[]> {
  const skip = without.length ? sql`and m.id <> all(${`{${without.join(',')}}`}::uuid[])` : sql``;
  for (;;) {
    const rows = rowsOf<OutgoingRow & { stopped: boolean }>(await db.execute(sql`
      select m.id, m.phone, m.template, m.language, m.params, m.idempotency_key as "idempotencyKey", m.attempts,
        not ${notOptedOut(sql`m.organization_id`, sql`m.phone`)} as stopped
      from ${whatsappMessages} m
      where m.status = 'queued' and (m.retry_at is null or m.retry_at <= now()) ${skip}
      order by m.created_at, m.id limit ${n}`));
    const stopped = rows.filter((r) => r.stopped).map((r) => r.id);
    if (stopped.length) {
      await db.update(whatsappMessages).set({ status: 'skipped', errorReason: 'STOP', updatedAt: sql`now()` })
        .where(and(inArray(whatsappMessages.id, stopped), eq(whatsappMessages.status, 'queued')));
    }
    const live = rows.filter((r) => !r.stopped).map(({ stopped: _, ...r }) => r);
    if (live.length || !stopped.length) return live;
  }
}

/** In ms from now, when the earliest queued message waiting for a retry is due; undefined when none waits. */
export async function nextRetryIn(db: DbOrTx): Promise<number | undefined> {
  const [row] = rowsOf<{ ms: number | null }>(await db.execute(sql`
    select case when min(retry_at) is null then null else greatest(0, extract(epoch from (min(retry_at) - now())) * 1000) end::float8 as ms
    from ${whatsappMessages} where status = 'queued' and retry_at is not null`));
  return row?.ms === null || row?.ms === undefined ? undefined : Number(row.ms);
}

/** Taken by the Cloud API: its id; `sent` unless a callback already moved it on. */
export async function markSent(db: DbOrTx, id: string, wamid: string) {
  await db.update(whatsappMessages).set({
    wamid, attempts: sql`${whatsappMessages.attempts} + 1`, sentAt: sql`coalesce(${whatsappMessages.sentAt}, now())`, retryAt: null,
    status: sql`case when ${whatsappMessages.status} = 'queued' then 'sent' else ${whatsappMessages.status} end`, updatedAt: sql`now()`,
  }).where(eq(whatsappMessages.id, id));
}

export async function markRetry(db: DbOrTx, id: string, error: { code: number | null; reason: string }, delayMs: number) {
  await db.update(whatsappMessages).set({
    attempts: sql`${whatsappMessages.attempts} + 1`, errorCode: error.code, errorReason: error.reason,
    retryAt: sql`now() + ${`${delayMs} milliseconds`}::interval`, updatedAt: sql`now()`,
  }).where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'queued')));
}

export async function markFailed(db: DbOrTx, id: string, error: { code: number | null; reason: string }) {
  await db.update(whatsappMessages).set({
    status: 'failed', attempts: sql`${whatsappMessages.attempts} + 1`, errorCode: error.code, errorReason: error.reason, failedAt: sql`now()`, retryAt: null, updatedAt: sql`now()`,
  }).where(and(eq(whatsappMessages.id, id), eq(whatsappMessages.status, 'queued')));
}

/** How far along a status is: a callback never moves a message back (read, then a late delivered, stays read). */
const RANK_SQL = (s: ReturnType<typeof sql>) => sql`(case ${s} when 'sent' then 10 when 'failed' then 15 when 'delivered' then 20 when 'read' then 30 else 0 end)`;

export interface StatusCallback {
  wamid: string; status: Exclude<WhatsAppStatus, 'queued' | 'skipped'>; at: Date;
  /** `biz_opaque_callback_data`: finds the message when the callback beats the recording of its id. */
  key?: string; errorCode?: number | null; errorReason?: string | null;
}

/**
 * Records one status callback: the status moves only forward, each status's time is set once
 * (a replay changes nothing), and a callback naming no message of ours changes nothing. True when
 * it named one.
 */
export async function applyStatus(db: DbOrTx, c: StatusCallback): Promise<boolean> {
  const next = sql`${c.status}::text`;
  const ahead = sql`${RANK_SQL(next)} > ${RANK_SQL(sql`m.status`)}`;
  const at = sql`${c.at.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    update ${whatsappMessages} m set
      status = case when ${ahead} then ${next} else m.status end,
      wamid = coalesce(m.wamid, ${c.wamid}),
      sent_at = coalesce(m.sent_at, ${at}),
      delivered_at = case when ${next} in ('delivered', 'read') then coalesce(m.delivered_at, ${at}) else m.delivered_at end,
      read_at = case when ${next} = 'read' then coalesce(m.read_at, ${at}) else m.read_at end,
      failed_at = case when ${next} = 'failed' and ${ahead} then ${at} else m.failed_at end,
      error_code = case when ${next} = 'failed' and ${ahead} then ${c.errorCode ?? null}::int else m.error_code end,
      error_reason = case when ${next} = 'failed' and ${ahead} then ${c.errorReason ?? null} else m.error_reason end,
      retry_at = null,
      updated_at = now()
    where m.wamid = ${c.wamid} or (${c.key ?? null}::text is not null and m.wamid is null and m.idempotency_key = ${c.key ?? null})
    returning m.id`);
  return rowsOf(result).length > 0;
}

/**
 * STOP from a number: opts it out of the WhatsApp messages of the organization that last wrote
 * to it (the business number is shared; the latest message says whose conversation it is), and
 * skips what is still queued for it there. False when no organization ever wrote to it.
 */
export async function optOut(db: DbOrTx, phone: string): Promise<boolean> {
  const [row] = await db.select({ organizationId: whatsappMessages.organizationId }).from(whatsappMessages)
    .where(eq(whatsappMessages.phone, phone)).orderBy(sql`${whatsappMessages.createdAt} desc`).limit(1);
  if (!row) return false;
  await db.insert(whatsappOptouts).values({ organizationId: row.organizationId, phone }).onConflictDoNothing();
  await db.update(whatsappMessages).set({ status: 'skipped', errorReason: 'STOP', updatedAt: sql`now()` })
    .where(and(eq(whatsappMessages.organizationId, row.organizationId), eq(whatsappMessages.phone, phone), eq(whatsappMessages.status, 'queued')));
  return true;
}

/** The funnel's counts (whatsappCountsSchema) over a set of rows `w`. */
export const countsSql = sql`json_build_object(
  'queued', count(*) filter (where w.status = 'queued'),
  'sent', count(*) filter (where w.status in ('sent', 'delivered', 'read')),
  'delivered', count(*) filter (where w.status in ('delivered', 'read')),
  'read', count(*) filter (where w.status = 'read'),
  'failed', count(*) filter (where w.status = 'failed'))`;

/** The event's messages by kind: one grouped read of its rows (whatsapp_messages_event_idx). */
export async function summaryOf(db: DbOrTx, eventId: string) {
  const result = await db.execute(sql`select w.kind, ${countsSql} as counts from ${whatsappMessages} w
    where w.event_id = ${eventId}::uuid group by w.kind`);
  return rowsOf<{ kind: WhatsAppKind; counts: { queued: number; sent: number; delivered: number; read: number; failed: number } }>(result);
}
