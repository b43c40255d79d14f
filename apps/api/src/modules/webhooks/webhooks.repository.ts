import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_RETRY_WINDOW_HOURS, type WebhookDeliveriesQuery, type WebhookDeliveryType, type WebhookEventType } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/pg-results.js';
import { jobs, memberships, organizations, users, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { WEBHOOK_DELIVER } from '../../lib/webhook-outbox.repository.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const endpointOf = (organizationId: string, id: string) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId));

export function endpointsOf(db: DbOrTx, organizationId: string) {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId)).orderBy(asc(webhookEndpoints.createdAt));
}

export async function countEndpoints(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, organizationId));
  return row?.n ?? 0;
}

/** Serializes endpoint creation per organization (the cap), until the transaction ends. */
export async function lockOrganizationEndpoints(db: DbOrTx, organizationId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${organizationId}`}))`);
}

export async function insertEndpoint(db: DbOrTx, e: { organizationId: string; url: string; events: WebhookEventType[]; secret: string }) {
  const [row] = await db.insert(webhookEndpoints).values(e).returning();
  return row!;
}

export async function findEndpoint(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db.select().from(webhookEndpoints).where(endpointOf(organizationId, id));
  return row;
}

/** Changes what is given; switching on again forgets the failures that switched it off. */
export async function updateEndpoint(db: DbOrTx, organizationId: string, id: string, set: { url?: string; events?: WebhookEventType[]; enabled?: boolean }) {
  const [row] = await db.update(webhookEndpoints).set({
    ...set,
    ...(set.enabled === true ? { failingSince: null, disabledAt: null } : {}),
    ...(set.enabled === false ? { disabledAt: sql`coalesce(${webhookEndpoints.disabledAt}, now())` } : {}),
  }).where(endpointOf(organizationId, id)).returning();
  return row;
}

export async function deleteEndpoint(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db.delete(webhookEndpoints).where(endpointOf(organizationId, id)).returning();
  return row;
}

export async function deliveriesOf(db: DbOrTx, endpointId: string, q: WebhookDeliveriesQuery) {
  const where = and(eq(webhookDeliveries.endpointId, endpointId), q.filters.status ? eq(webhookDeliveries.status, q.filters.status) : undefined);
  return db.select({ d: webhookDeliveries, total: sql<number>`count(*) over ()`.mapWith(Number) }).from(webhookDeliveries).where(where)
    .orderBy(q.sortBy === 'asc' ? asc(webhookDeliveries.createdAt) : desc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
    .limit(q.limit).offset((q.page - 1) * q.limit);
}

export async function countDeliveries(db: DbOrTx, endpointId: string, q: WebhookDeliveriesQuery) {
  const [row] = await db.select({ n: count() }).from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), q.filters.status ? eq(webhookDeliveries.status, q.filters.status) : undefined));
  return row?.n ?? 0;
}

export async function findDelivery(db: DbOrTx, endpointId: string, id: string) {
  const [row] = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
  return row;
}

/** A new delivery and its first try's job, in one statement (a test event). */
export async function queueDelivery(db: DbOrTx, endpointId: string, type: WebhookDeliveryType, data: object) {
  const [row] = rowsOf<{ id: string }>(await db.execute(sql`
    with d as (insert into ${webhookDeliveries} (endpoint_id, event_type, data) values (${endpointId}::uuid, ${type}, ${JSON.stringify(data)}::jsonb) returning id),
    j as (insert into ${jobs} (kind, payload) select ${WEBHOOK_DELIVER.id}, jsonb_build_object('deliveryId', d.id, 'attempt', 0) from d)
    select id from d`));
  return row!.id;
}

/**
 * A settled delivery (delivered or failed) pending again, with a job for its next try, in one
 * statement; undefined when it is pending already (its job is queued).
 */
export async function requeueDelivery(db: DbOrTx, endpointId: string, id: string) {
  const [row] = rowsOf<{ id: string }>(await db.execute(sql`
    with d as (
      update ${webhookDeliveries} set status = 'pending', next_attempt_at = now(), delivered_at = null
      where id = ${id}::uuid and endpoint_id = ${endpointId}::uuid and status <> 'pending'
      returning id, attempts
    ),
    j as (insert into ${jobs} (kind, payload) select ${WEBHOOK_DELIVER.id}, jsonb_build_object('deliveryId', d.id, 'attempt', d.attempts) from d)
    select id from d`));
  return row?.id;
}

/** What a try needs: the delivery and its endpoint. */
export async function deliveryToSend(db: DbOrTx, id: string) {
  const [row] = await db.select({
    id: webhookDeliveries.id, eventType: webhookDeliveries.eventType, data: webhookDeliveries.data, status: webhookDeliveries.status,
    attempts: webhookDeliveries.attempts, createdAt: webhookDeliveries.createdAt,
    endpointId: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret, enabled: webhookEndpoints.enabled,
  }).from(webhookDeliveries).innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId)).where(eq(webhookDeliveries.id, id));
  return row;
}

export interface TryOutcome { ok: boolean; status: number | null; error: string | null }

/**
 * Records try `attempt + 1` of a delivery, in one statement, only if no other run recorded it
 * (the fence: `attempts = attempt`, still pending). Delivered: done, and the endpoint works
 * again. Failed: tried again after `retryInMs` while that is within WEBHOOK_RETRY_WINDOW_HOURS of
 * the delivery (its next job queued here), else failed for good; the endpoint's failures start
 * counting, and once they have lasted WEBHOOK_DISABLE_AFTER_DAYS it is switched off.
 * `switchedOff` names the endpoint switched off by this very statement (its owners get a mail).
 */
export async function recordTry(db: DbOrTx, r: { deliveryId: string; attempt: number; outcome: TryOutcome; retryInMs: number | null; mailKind: string }) {
  const o = r.outcome;
  const error = o.error?.slice(0, 500) ?? null;
  const retry = sql`${r.retryInMs ?? 0} * interval '1 millisecond'`;
  const retries = r.retryInMs !== null ? sql`now() + ${retry} < d.created_at + ${WEBHOOK_RETRY_WINDOW_HOURS} * interval '1 hour'` : sql`false`;
  // An enabled endpoint whose failures have lasted long enough to switch it off.
  const dueOff = sql`e.enabled and e.failing_since <= now() - ${WEBHOOK_DISABLE_AFTER_DAYS} * interval '1 day'`;
  // The endpoint this very statement switched off (its disabled_at is this transaction's now()).
  const switchedOff = o.ok ? sql`false` : sql`not endpoint.enabled and endpoint.disabled_at = now()`;
  const [row] = rowsOf<{ recorded: boolean; switchedOff: string | null }>(await db.execute(sql`
    with d as (
      select id, endpoint_id, created_at from ${webhookDeliveries}
      where id = ${r.deliveryId}::uuid and attempts = ${r.attempt} and status = 'pending'
      for update
    ),
    settled as (
      update ${webhookDeliveries} w set attempts = w.attempts + 1, response_status = ${o.status}::int, last_error = ${error},
        status = ${o.ok ? sql`'delivered'` : sql`case when ${retries} then 'pending' else 'failed' end`},
        next_attempt_at = ${o.ok ? sql`null` : sql`case when ${retries} then now() + ${retry} end`},
        delivered_at = ${o.ok ? sql`now()` : sql`null`}
      from d where w.id = d.id
      returning w.id, w.endpoint_id, w.status, w.attempts, w.next_attempt_at
    ),
    next as (
      insert into ${jobs} (kind, payload, run_after)
      select ${WEBHOOK_DELIVER.id}, jsonb_build_object('deliveryId', s.id, 'attempt', s.attempts), s.next_attempt_at from settled s where s.status = 'pending'
    ),
    endpoint as (
      update ${webhookEndpoints} e set
        failing_since = ${o.ok ? sql`null` : sql`coalesce(e.failing_since, now())`}
        ${o.ok ? sql`` : sql`, enabled = e.enabled and not coalesce(${dueOff}, false),
        disabled_at = case when ${dueOff} then now() else e.disabled_at end`}
      from settled s where e.id = s.endpoint_id
        -- Only a change is written: a busy endpoint's deliveries do not queue on its row.
        and ${o.ok ? sql`e.failing_since is not null` : sql`(e.failing_since is null or (${dueOff}))`}
      returning e.id, e.enabled, e.disabled_at
    ),
    mail as (
      insert into ${jobs} (kind, payload)
      select ${r.mailKind}, jsonb_build_object('endpointId', endpoint.id) from endpoint where ${switchedOff}
    )
    select exists (select 1 from settled) as recorded, (select id from endpoint where ${switchedOff}) as "switchedOff"`));
  return row!;
}

/** A try that could not be made (its endpoint switched off): failed for good, if still this try's. */
export async function failUntried(db: DbOrTx, deliveryId: string, attempt: number, error: string) {
  await db.update(webhookDeliveries).set({ status: 'failed', lastError: error, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attempts, attempt), eq(webhookDeliveries.status, 'pending')));
}

/** A switched-off endpoint's mail: its URL, its organization and that organization's owners. */
export async function switchedOffMail(db: DbOrTx, endpointId: string) {
  const [endpoint] = await db.select({ url: webhookEndpoints.url, enabled: webhookEndpoints.enabled, disabledAt: webhookEndpoints.disabledAt, organizationId: webhookEndpoints.organizationId, organization: organizations.name })
    .from(webhookEndpoints).innerJoin(organizations, eq(organizations.id, webhookEndpoints.organizationId)).where(eq(webhookEndpoints.id, endpointId));
  if (!endpoint) return undefined;
  const owners = await db.select({ userId: users.id, email: users.email, name: users.name }).from(memberships).innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, endpoint.organizationId), eq(memberships.role, 'owner')));
  return { ...endpoint, owners };
}
