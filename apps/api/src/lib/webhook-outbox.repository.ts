import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { WebhookEventType } from '@eo/contract';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../db/pg-results.js';
import { wakeWorkers } from '../jobs/queue.js';
import type { JobType } from '../jobs/job-definition.js';

/**
 * The webhook outbox (API.md, Integrations). A fact that an organization's webhooks report
 * writes, in its own statement or transaction, one delivery per enabled endpoint of that
 * organization subscribed to its type, and one `webhook.deliver` job per delivery: both commit
 * with the fact or not at all, so an event is never lost nor sent for a fact rolled back. With
 * no endpoint it costs one index probe (`webhook_endpoints_org_idx`).
 */

/** One try of a delivery: `attempt` is the number of tries made before it, the fence of a job run twice. */
export const WEBHOOK_DELIVER: JobType<{ deliveryId: string; attempt: number }> = {
  id: 'webhook.deliver',
  payload: z.object({ deliveryId: z.uuid(), attempt: z.number().int().min(0) }),
};

/**
 * CTEs, to put in a fact's own `with` statement: `<name>` inserts the deliveries, `<name>_jobs`
 * their jobs. `facts` is a SELECT of `(organization_id uuid, data jsonb)`, one row per fact; it
 * may read the statement's other CTEs (the rows the fact wrote). The type is one of the
 * contract's, written as a literal so a prepared statement can hold it.
 */
export function webhookOutboxCtes(name: string, type: WebhookEventType, facts: SQL): SQL {
  const t = sql.raw(`'${type}'`);
  const n = sql.raw(name);
  return sql`${n} as (
      insert into webhook_deliveries (endpoint_id, event_type, data)
      select w.id, ${t}, f.data from (${facts}) f
      join webhook_endpoints w on w.organization_id = f.organization_id and w.enabled and ${t} = any(w.events)
      returning id
    ),
    ${sql.raw(`${name}_jobs`)} as (
      insert into jobs (kind, payload)
      select ${sql.raw(`'${WEBHOOK_DELIVER.id}'`)}, jsonb_build_object('deliveryId', ${n}.id, 'attempt', 0) from ${n}
    )`;
}

/** The organization of an event, as a scalar subquery for `facts`. */
export const organizationOfEvent = (eventId: SQL) => sql`(select organization_id from events where id = ${eventId})`;

/**
 * Writes the outbox rows of facts already written in the caller's transaction; gives how many
 * deliveries were queued. `facts` as for webhookOutboxCtes.
 */
export async function emitWebhooks(db: DbOrTx, type: WebhookEventType, facts: SQL): Promise<number> {
  const result = await db.execute(sql`with ${webhookOutboxCtes('hook', type, facts)} select count(*)::int as n from hook`);
  const n = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  if (n > 0) wakeWorkers(WEBHOOK_DELIVER.id);
  return n;
}

/** `emitWebhooks` for one fact of an event, its data given. */
export function emitWebhook(db: DbOrTx, type: WebhookEventType, eventId: string, data: Record<string, unknown>): Promise<number> {
  return emitWebhooks(db, type, sql`select ${organizationOfEvent(sql`${eventId}::uuid`)} as organization_id, ${JSON.stringify(data)}::jsonb as data`);
}
