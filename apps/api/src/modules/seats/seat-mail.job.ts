import type { Db } from '../../db/client.js';
import type { JobDefinition } from '../../jobs/job-definition.js';
import { PermanentJobError } from '../../jobs/queue.js';
import type { Mailer } from '../../lib/mailer.js';
import { seatMail } from './seat-mail.js';
import { SEAT_MAIL, type SeatMailKind } from './seat-mail.type.js';
import { findSeatMail } from './seats.repository.js';
import type { WhatsAppOutbox } from '../whatsapp/whatsapp-outbox.service.js';

/** The status each kind of mail reports: a mail whose news is no longer true is not sent. */
const STATUS_OF: Record<SeatMailKind, string> = { pending: 'pending', declined: 'declined', cancelled: 'cancelled' };

/**
 * `seat.mail` `{ registrantId, kind, reason? }`: mails the person what became of their
 * registration, as it is now. A `pending` mail for a registration already decided is not sent
 * (the decision's mail follows). Retried with the queue's backoff; the change it reports stands.
 */
export function seatMailJob(deps: { db: Db; mailer: Mailer; publicUrl: string; whatsapp?: WhatsAppOutbox }): JobDefinition<{ registrantId: string; kind: SeatMailKind; reason?: string | null }> {
  return {
    ...SEAT_MAIL,
    async handler({ registrantId, kind, reason }) {
      const r = await findSeatMail(deps.db, registrantId);
      if (!r) throw new PermanentJobError(`${SEAT_MAIL.id}: registrant ${registrantId} not found`);
      if (r.status !== STATUS_OF[kind]) return;
      // The decision on WhatsApp too: a decline here; an approval is its e-ticket (ticket.mail).
      if (kind === 'declined') await deps.whatsapp?.declined(deps.db, { registrantId, name: r.name, eventName: r.eventName, reason });
      await deps.mailer.send(seatMail({
        kind, to: r.email, name: r.name, eventId: r.eventId, eventName: r.eventName, category: r.category, ticketCode: r.ticketCode,
        publicUrl: deps.publicUrl, reason,
      }));
    },
  };
}
