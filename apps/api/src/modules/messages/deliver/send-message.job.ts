import { setTimeout as sleep } from 'node:timers/promises';
import { BROADCAST_MSG, fill, REMINDER_TEXT } from '@eo/contract';
import type { Db } from '../../../db/client.js';
import type { JobDefinition } from '../../../jobs/job-definition.js';
import { PermanentJobError, type JobContext } from '../../../jobs/queue.js';
import { isPermanentMailError, type Mailer } from '../../../lib/mailer.js';
import { mergeValues, organizerName, renderMessage } from '../message-render.js';
import * as repo from './deliver.repository.js';
import { DUE_REMINDERS, SEND_MESSAGE } from './send-message.type.js';
import { unsubscribeUrl as unsubscribeLink } from './unsubscribe-token.js';
import type { WhatsAppOutbox } from '../../whatsapp/whatsapp-outbox.service.js';

export interface SendDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the unsubscribe links. */
  secret: string;
  /** Mails per second this process sends (MESSAGE_RATE). */
  ratePerSecond: number;
  /** Tries of one delivery on temporary failures before it is marked failed. */
  maxAttempts?: number;
  /** First retry's delay; doubled per try. */
  retryBaseMs?: number;
  /** A reminder on WhatsApp too, to those who asked for it (queued when the reminder is addressed, once per registrant). */
  whatsapp?: WhatsAppOutbox;
  /** Test seam: called after each mail is accepted and before it is recorded (crash injection). */
  afterSend?(deliveryId: string): void | Promise<void>;
}

/** Deliveries sent at once (their mails go through the SMTP pool together). */
const BATCH = 20;
/** How often the reminder schedule looks for due reminders. */
export const DUE_REMINDERS_EVERY_MS = 60_000;

/**
 * `message.send` `{ messageId }`: addresses the message (once), then sends its queued deliveries
 * in small batches at no more than `ratePerSecond`, recording what went out as it goes, until
 * none is queued. Idempotent and resumable: a run killed anywhere resumes with what is still queued;
 * each mail is keyed by its delivery, so the file outbox never holds two, and an SMTP receiver
 * sees the same Message-ID if one is sent again after a crash between sending and recording it.
 * A permanent refusal (5xx) fails that delivery; a temporary one is retried with backoff.
 */
export function sendMessageJob(deps: SendDeps): JobDefinition<{ messageId: string }> {
  return { ...SEND_MESSAGE, handler: ({ messageId }, ctx) => send(deps, messageId, ctx) };
}

/** The schedule that creates due reminders and queues them (see createDueReminders). */
export function dueRemindersJob(deps: Pick<SendDeps, 'db'>): JobDefinition<Record<string, never>> {
  return {
    ...DUE_REMINDERS,
    everyMs: DUE_REMINDERS_EVERY_MS,
    async handler(_payload, { log }) {
      const made = await repo.createDueReminders(deps.db, {
        day: { subject: REMINDER_TEXT.daySubject, body: REMINDER_TEXT.dayBody }, hour: { subject: REMINDER_TEXT.hourSubject, body: REMINDER_TEXT.hourBody },
      });
      if (made) log.info({ made }, 'reminders queued');
    },
  };
}

async function send(deps: SendDeps, messageId: string, { signal, log }: JobContext) {
  const m = await repo.messageForSending(deps.db, messageId);
  if (!m) throw new PermanentJobError(`${SEND_MESSAGE.id}: message ${messageId} not found`);
  if (m.status === 'cancelled' || m.status === 'sent' || m.status === 'failed') return;
  await deps.db.transaction(async (tx) => {
    await repo.address(tx, m);
    if (deps.whatsapp && (m.kind === 'reminderDay' || m.kind === 'reminderHour')) {
      await deps.whatsapp.reminder(tx, { messageId: m.id, eventId: m.eventId, kind: m.kind, startAt: await repo.eventStartOf(tx, m.eventId) });
    }
  });
  const gapMs = 1000 / Math.max(0.001, deps.ratePerSecond);
  const maxAttempts = deps.maxAttempts ?? 4;
  const retryBaseMs = deps.retryBaseMs ?? 30_000;

  /** Sends one delivery's mail; true when the server took it (a refusal is recorded here). */
  async function deliver(d: repo.DeliveryRow): Promise<boolean> {
    const announcement = m.kind === 'announcement';
    const organizer = organizerName(d.eoName, d.eventName);
    const unsubscribeUrl = unsubscribeLink(deps.publicUrl, deps.secret, d.registrantId);
    const mail = renderMessage(m, mergeValues(d, deps.publicUrl),
      announcement ? { organizer, unsubscribeUrl } : undefined);
    try {
      await deps.mailer.send({
        to: d.email, ...mail, fromName: fill(BROADCAST_MSG.fromName, { organizer }), replyTo: d.eoEmail ?? undefined,
        idempotencyKey: `message-${d.id}`,
        headers: announcement ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined,
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      // Refused for good by the receiving server: bounced; tries exhausted on temporary failures: failed.
      if (isPermanentMailError(err)) await repo.markFailed(deps.db, d.id, reason, 'bounced');
      else if (d.attempts + 1 >= maxAttempts) await repo.markFailed(deps.db, d.id, reason, 'failed');
      else await repo.markRetry(deps.db, d.id, reason, retryBaseMs * 2 ** d.attempts);
      log.warn({ messageId, deliveryId: d.id, err: reason }, 'message delivery failed');
      return false;
    }
    await deps.afterSend?.(d.id);
    return true;
  }

  let next = Date.now();
  for (;;) {
    signal.throwIfAborted();
    const batch = await repo.nextBatch(deps.db, messageId, BATCH);
    if (!batch.length) {
      const wait = await repo.nextRetryIn(deps.db, messageId);
      if (wait === undefined) break;
      await sleep(Math.min(Math.max(wait, 50), 60_000), undefined, { signal });
      continue;
    }
    // What the server took is recorded in one statement for many mails (one per mail made the
    // recording the cost of the loop): when the loop waits for a slot anyway (a low rate), and
    // at the batch's end. A crash before it resends those mails, at most this batch, under the
    // same keys: the outbox keeps its one file, an SMTP receiver sees the same Message-ID.
    const sent: string[] = [];
    const record = async () => {
      if (sent.length) await repo.markSent(deps.db, sent.splice(0));
    };
    const inFlight: Promise<void>[] = [];
    try {
      for (const d of batch) {
        // Each mail waits for its slot in time (the rate holds across batches), then goes while
        // the next waits: the batch's mails share the SMTP pool, one timer at a time.
        const slot = next;
        next = Math.max(next, Date.now()) + gapMs;
        if (slot > Date.now()) {
          await record();
          if (slot > Date.now()) await sleep(slot - Date.now(), undefined, { signal });
        }
        inFlight.push(deliver(d).then((ok) => void (ok && sent.push(d.id))));
      }
    } finally {
      // Stopped mid-batch or not, what went out is recorded.
      await Promise.allSettled(inFlight);
      await record();
    }
  }
  await repo.finish(deps.db, messageId);
}
