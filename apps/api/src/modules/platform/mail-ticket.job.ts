import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/job-definition.js';
import type { JobContext } from '../../jobs/queue.js';
import { PermanentJobError } from '../../jobs/queue.js';
import type { Mailer, OutgoingMail } from '../../lib/mailer.js';
import { MAIL_TICKET, RESEND_TICKET } from './mail-ticket.type.js';
import { findTicketMail, markTicketMailed } from './registration.repository.js';
import { ticketMail } from './ticket-mail.js';
import type { WhatsAppOutbox } from '../whatsapp/whatsapp-outbox.service.js';

export interface MailTicketDeps {
  db: Db; mailer: Mailer; publicUrl: string;
  /** The e-ticket on WhatsApp too, for those who asked (queued before the mail, once per registration). */
  whatsapp?: WhatsAppOutbox;
}

type TicketMailRow = NonNullable<Awaited<ReturnType<typeof findTicketMail>>>;

/** The registrant as committed, or a permanent failure: a job for a registrant that is gone never succeeds. */
async function registrantOf(deps: MailTicketDeps, kind: string, registrantId: string): Promise<TicketMailRow> {
  const r = await findTicketMail(deps.db, registrantId);
  if (!r) throw new PermanentJobError(`${kind}: registrant ${registrantId} not found`);
  return r;
}

/** Builds and sends the e-ticket mail of `r`; the last try's failure is logged, the registration stands. */
async function sendTicketMail(deps: MailTicketDeps, r: TicketMailRow, registrantId: string, { lastAttempt, log }: Pick<JobContext, 'lastAttempt' | 'log'>, adjust = (m: OutgoingMail) => m) {
  try {
    await deps.mailer.send(adjust(await ticketMail({
      to: r.email, name: r.name, eventId: r.eventId, eventName: r.eventName, category: r.category, ticketCode: r.ticketCode, publicUrl: deps.publicUrl,
      dates: r.dates, online: r.experience === 'online', location: r.location, streamLink: r.streamLink,
    })));
  } catch (err) {
    if (lastAttempt) log.error({ err, registrantId, eventId: r.eventId }, 'e-ticket mail not sent, tries exhausted; the registration stands');
    throw err;
  }
}

/**
 * `ticket.mail` `{ registrantId }`: mails the e-ticket of a committed registration, built from
 * the row as it is now, then marks it sent (`ticket_mailed_at`); a run that finds it marked, or
 * the registration cancelled, sends nothing. A failure is retried with the queue's backoff; the
 * last try's failure is logged and the registration stands. Crashing between the send and the
 * mark sends again on the next run (at-least-once; the mail's idempotency key keeps the file
 * outbox to one copy).
 */
export function mailTicketJob(deps: MailTicketDeps): JobDefinition<{ registrantId: string }> {
  return {
    ...MAIL_TICKET,
    async handler({ registrantId }, ctx) {
      const r = await registrantOf(deps, MAIL_TICKET.id, registrantId);
      if (r.mailedAt || r.status !== 'confirmed') return;
      await deps.whatsapp?.ticket(deps.db, { registrantId, name: r.name, eventId: r.eventId, eventName: r.eventName, ticketCode: r.ticketCode });
      await sendTicketMail(deps, r, registrantId, ctx);
      await markTicketMailed(deps.db, registrantId, new Date());
    },
  };
}

/**
 * `ticket.resend` `{ registrantId }`: the same e-ticket mail once more, as the registration is
 * now; nothing for one cancelled or refunded since it was asked for. Its idempotency key names
 * this job, so a run again after a crash keeps the file outbox to one copy while each resend
 * is a mail of its own (the registration's key would find the first mail and send nothing).
 */
export function resendTicketJob(deps: MailTicketDeps): JobDefinition<{ registrantId: string }> {
  return {
    ...RESEND_TICKET,
    async handler({ registrantId }, ctx) {
      const r = await registrantOf(deps, RESEND_TICKET.id, registrantId);
      if (r.status !== 'confirmed') return;
      await sendTicketMail(deps, r, registrantId, ctx, (mail) => ({ ...mail, idempotencyKey: `${mail.idempotencyKey}-${ctx.job.id}` }));
    },
  };
}
