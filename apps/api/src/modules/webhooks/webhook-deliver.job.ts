import { webhookBackoffMs } from '@eo/contract';
import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/job-definition.js';
import { wakeWorkers } from '../../jobs/queue.js';
import { WEBHOOK_DELIVER } from '../../lib/webhook-outbox.repository.js';
import { sendWebhook } from './webhook-sender.js';
import { WEBHOOK_OFF_MAIL } from './webhook-off-mail.job.js';
import { deliveryToSend, failUntried, recordTry } from './webhooks.repository.js';

export interface DeliverDeps { db: Db; allowPrivate: boolean; retryBaseMs: number }

/**
 * Tries one worker makes at once: a try mostly waits on its receiver (up to WEBHOOK_TIMEOUT_MS),
 * and one at a time a backlog drained at under 100 a second.
 */
export const WEBHOOK_TRIES_SIDE_BY_SIDE = 16;

/**
 * `webhook.deliver` `{ deliveryId, attempt }`: one try of one delivery. The payload names the try
 * (`attempt` tries made before it): a job run again after its try was recorded finds the
 * delivery moved on and does nothing. A worker killed between the send and the record leaves the
 * try unrecorded, so the job's next claimant sends it again with the same `webhook-id` (at least
 * once: receivers drop repeats by that id). A failed try queues the next one itself, with
 * backoff, in the statement that records it; the job itself always completes.
 */
export function webhookDeliverJob(deps: DeliverDeps): JobDefinition<{ deliveryId: string; attempt: number }> {
  return {
    ...WEBHOOK_DELIVER,
    sideBySide: WEBHOOK_TRIES_SIDE_BY_SIDE,
    async handler({ deliveryId, attempt }, { signal }) {
      const d = await deliveryToSend(deps.db, deliveryId);
      if (!d || d.status !== 'pending' || d.attempts !== attempt) return;
      if (!d.enabled) {
        await failUntried(deps.db, deliveryId, attempt, 'endpoint disabled');
        return;
      }
      const outcome = await sendWebhook({
        url: d.url, secret: d.secret, allowPrivate: deps.allowPrivate, signal,
        message: { id: d.id, type: d.eventType, createdAt: d.createdAt, data: d.data },
      });
      // Stopped mid-try: the job goes back to the queue unrecorded, and the try is made again.
      signal.throwIfAborted();
      const recorded = await recordTry(deps.db, {
        deliveryId, attempt, outcome, retryInMs: outcome.ok ? null : webhookBackoffMs(attempt + 1, deps.retryBaseMs), mailKind: WEBHOOK_OFF_MAIL.id,
      });
      if (recorded.recorded && !outcome.ok) wakeWorkers(WEBHOOK_DELIVER.id);
      if (recorded.switchedOff) wakeWorkers(WEBHOOK_OFF_MAIL.id);
    },
  };
}
