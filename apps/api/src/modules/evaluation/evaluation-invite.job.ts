import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/job-definition.js';
import { PermanentJobError, wakeWorkers } from '../../jobs/queue.js';
import type { Mailer } from '../../lib/mailer.js';
import { evaluationInviteMail } from './evaluation-invite-mail.js';
import { EVALUATION_INVITE, EVALUATION_INVITES_SWEEP } from './evaluation-invite.type.js';
import * as repo from './evaluation-invite.repository.js';
import type { EvaluationService } from './evaluation.service.js';

/** How often the sweep looks for attendees of open evaluations not yet invited. */
export const EVALUATION_INVITES_EVERY_MS = 60_000;
/** Invitations queued per statement: a large event's attendees go in a few statements, none holding many rows. */
const BATCH = 500;

export interface InviteDeps { db: Db; mailer: Mailer; publicUrl: string; evaluation: EvaluationService }

/**
 * Queues the invitations of every attendee of an open evaluation not yet invited (see
 * repo.queueInvites); an attendee checked in later is found by a later run. Gives how many.
 */
export async function queueEvaluationInvites(db: Db, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await repo.queueInvites(db, { now, limit: BATCH, kind: EVALUATION_INVITE.id });
    total += n;
    if (n < BATCH) break;
  }
  if (total) wakeWorkers(EVALUATION_INVITE.id);
  return total;
}

/**
 * The evaluation's invitations: the schedule that queues them, and the mail of one. The mail
 * tells what is true when it leaves: none for a registration no longer confirmed, one that has
 * answered meanwhile, or an evaluation that closed or lost its form. It goes straight to the
 * mailer (no message quota: it is the platform's, like the e-ticket), keyed by the ticket, so
 * a job run again after a crash does not send another.
 */
export function evaluationInviteJobs(deps: InviteDeps): JobDefinition<never>[] {
  const sweep: JobDefinition<Record<string, never>> = {
    ...EVALUATION_INVITES_SWEEP,
    everyMs: EVALUATION_INVITES_EVERY_MS,
    async handler(_payload, { log }) {
      const queued = await queueEvaluationInvites(deps.db);
      if (queued) log.info({ queued }, 'evaluation invitations queued');
    },
  };
  const mail: JobDefinition<{ registrantId: string }> = {
    ...EVALUATION_INVITE,
    async handler({ registrantId }) {
      const r = await repo.inviteOf(deps.db, registrantId);
      if (!r) throw new PermanentJobError(`${EVALUATION_INVITE.id}: registrant ${registrantId} not found`);
      if (r.status !== 'confirmed') return;
      const form = await deps.evaluation.forTicketPage(r.ticketCode);
      if (!form || form.answered || !form.open || !form.window) return;
      await deps.mailer.send(evaluationInviteMail({
        to: r.email, name: r.name, eventId: r.eventId, eventName: r.eventName, ticketCode: r.ticketCode, publicUrl: deps.publicUrl,
        closesAt: new Date(form.window.closesAt),
      }));
      await repo.markMailed(deps.db, registrantId, new Date());
    },
  };
  return [sweep, mail] as JobDefinition<never>[];
}
