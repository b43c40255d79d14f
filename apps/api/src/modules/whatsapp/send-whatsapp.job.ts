import { setTimeout as sleep } from 'node:timers/promises';
import type { WhatsAppConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/job-definition.js';
import type { JobLog } from '../../jobs/queue.js';
import { sendTemplate, type TemplateMessage } from './cloud-api.js';
import * as repo from './whatsapp.repository.js';
import { SEND_WHATSAPP } from './send-whatsapp.type.js';

/** How often the sender looks for messages when nothing brought it forward (retries due, other processes' queueing). */
export const SEND_WHATSAPP_EVERY_MS = 5000;

export interface SendWhatsAppDeps {
  db: Db;
  cfg: WhatsAppConfig;
  /** Test seam: called after the Cloud API took a message and before it is recorded (crash injection). */
  afterSend?(id: string): void | Promise<void>;
}

/**
 * The sender: drains the queued messages oldest first, at most `ratePerSecond` a second (each
 * request starts at its slot and runs while the next waits, so a slow API does not lower the
 * rate), recording each outcome as it comes: the message id; a refusal for the moment (429,
 * 5xx, throttling codes, the connection) tried again after a doubling wait, until `maxAttempts`;
 * any other refusal (a 4xx: a template not approved, a number not on WhatsApp) `failed` at once
 * with Meta's code and text. A run killed anywhere leaves every message not yet recorded queued;
 * one the API took just before the kill is sent again, with the same idempotency key in
 * `biz_opaque_callback_data` (the Cloud API has no idempotency of its own).
 */
export function sendWhatsAppJob(deps: SendWhatsAppDeps): JobDefinition<Record<string, never>> {
  let next = 0;
  return {
    ...SEND_WHATSAPP,
    everyMs: SEND_WHATSAPP_EVERY_MS,
    async handler(_payload, { signal, log }) {
      const { cfg, db } = deps;
      const gapMs = 1000 / cfg.ratePerSecond;
      const batchSize = Math.max(20, Math.ceil(cfg.ratePerSecond * 2));
      // Requests under way, by message: the next batch is read while they finish, without them.
      const inFlight = new Map<string, Promise<void>>();
      try {
        for (;;) {
          signal.throwIfAborted();
          const batch = await repo.nextBatch(db, batchSize, [...inFlight.keys()]);
          if (!batch.length) {
            if (inFlight.size) {
              await Promise.race(inFlight.values());
              continue;
            }
            // A retry due before the next scheduled run is waited for here; later ones are that run's.
            const wait = await repo.nextRetryIn(db);
            if (wait === undefined || wait >= SEND_WHATSAPP_EVERY_MS) return;
            await sleep(Math.max(wait, 10), undefined, { signal });
            continue;
          }
          for (const row of batch) {
            // The slot is this process's (the closure outlives runs): the rate holds across batches and runs.
            const slot = Math.max(next, Date.now());
            next = slot + gapMs;
            if (slot > Date.now()) await sleep(slot - Date.now(), undefined, { signal });
            // A recording that fails leaves the message queued: the next run sends it again, under its key.
            const sending = sendOne(deps, row, signal, log)
              .catch((err: unknown) => log.error({ err, whatsappMessageId: row.id }, 'whatsapp message outcome not recorded'))
              .finally(() => inFlight.delete(row.id));
            inFlight.set(row.id, sending);
          }
        }
      } finally {
        // Stopped or not, what went out is recorded.
        await Promise.allSettled(inFlight.values());
      }
    },
  };
}

async function sendOne(deps: SendWhatsAppDeps, row: repo.OutgoingRow, signal: AbortSignal, log: JobLog) {
  const { cfg, db } = deps;
  const message: TemplateMessage = { to: row.phone, template: row.template, language: row.language, params: row.params, callbackData: row.idempotencyKey };
  let outcome;
  try {
    outcome = await sendTemplate(cfg, message, signal);
  } catch {
    return; // aborted: the message stays queued for the next run
  }
  if (outcome.ok) {
    await deps.afterSend?.(row.id);
    await repo.markSent(db, row.id, outcome.wamid);
    return;
  }
  const error = { code: outcome.code, reason: outcome.reason };
  if (outcome.retry && row.attempts + 1 < cfg.maxAttempts) {
    await repo.markRetry(db, row.id, error, cfg.retryBaseMs * 2 ** row.attempts);
  } else {
    await repo.markFailed(db, row.id, error);
  }
  log.warn({ whatsappMessageId: row.id, code: outcome.code, reason: outcome.reason, retry: outcome.retry }, 'whatsapp message refused');
}
