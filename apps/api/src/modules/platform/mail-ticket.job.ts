import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/job-definition.js';
import { PermanentJobError } from '../../jobs/queue.js';
import type { Mailer } from '../../lib/mailer.js';
import { MAIL_TICKET } from './mail-ticket.type.js';
import { findTicketMail, markTicketMailed } from './registration.repository.js';
import { ticketMail } from './ticket-mail.js';

export interface MailTicketDeps { db: Db; mailer: Mailer; publicUrl: string }

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
    async handler({ registrantId }, { lastAttempt, log }) {
      const r = await findTicketMail(deps.db, registrantId);
      if (!r) throw new PermanentJobError(`${MAIL_TICKET.id}: registrant ${registrantId} not found`);
      if (r.mailedAt || r.cancelledAt) return;
      try {
        await deps.mailer.send(await ticketMail({
          to: r.email, name: r.name, eventId: r.eventId, eventName: r.eventName, category: r.category, ticketCode: r.ticketCode, publicUrl: deps.publicUrl,
          dates: r.dates, online: r.experience === 'online', location: r.location, streamLink: r.streamLink,
        }));
      } catch (err) {
        if (lastAttempt) log.error({ err, registrantId, eventId: r.eventId }, 'e-ticket mail not sent, tries exhausted; the registration stands');
        throw err;
      }
      await markTicketMailed(deps.db, registrantId, new Date());
    },
  };
}
