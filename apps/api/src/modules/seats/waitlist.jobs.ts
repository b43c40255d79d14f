import { z } from 'zod';
import { offerPath } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { noPayload, type JobDefinition } from '../../jobs/job-definition.js';
import { PermanentJobError } from '../../jobs/queue.js';
import type { Mailer } from '../../lib/mailer.js';
import { offerMail } from './waitlist-mail.js';
import { findOffer, WAITLIST_JOB } from './waitlist.repository.js';
import type { WaitlistService } from './waitlist.service.js';
import type { WhatsAppOutbox } from '../whatsapp/whatsapp-outbox.service.js';

const entryPayload = z.object({ entryId: z.uuid() });
/** How often the sweep looks for free seats someone waits for, and overdue offers. */
export const WAITLIST_SWEEP_EVERY_MS = 60_000;

/**
 * The waiting list's jobs: the offer's mail (not sent once the offer is over), its lapse at its
 * time (once: only an offer still held past its time ends), and the sweep that offers seats freed
 * outside a cancellation (a quota raised, a refund) and ends offers whose lapse never ran.
 */
export function waitlistJobs(deps: { db: Db; mailer: Mailer; publicUrl: string; waitlist: WaitlistService; whatsapp?: WhatsAppOutbox }): JobDefinition<never>[] {
  const mail: JobDefinition<{ entryId: string }> = {
    id: WAITLIST_JOB.offerMail,
    payload: entryPayload,
    async handler({ entryId }) {
      const o = await findOffer(deps.db, { entryId });
      if (!o) throw new PermanentJobError(`${WAITLIST_JOB.offerMail}: entry ${entryId} not found`);
      if (o.status !== 'offered' || !o.offerToken || !o.offeredUntil) return;
      const url = `${deps.publicUrl}${offerPath(o.eventId, o.offerToken)}`;
      await deps.whatsapp?.waitlistOffer(deps.db, { entryId, name: o.name, eventName: o.eventName, until: o.offeredUntil, url });
      await deps.mailer.send(offerMail({
        to: o.email, name: o.name, eventName: o.eventName, category: o.category, until: o.offeredUntil, token: o.offerToken, url,
      }));
    },
  };
  const lapse: JobDefinition<{ entryId: string }> = {
    id: WAITLIST_JOB.lapse,
    payload: entryPayload,
    async handler({ entryId }) {
      await deps.waitlist.lapse(entryId);
    },
  };
  const sweep: JobDefinition<Record<string, never>> = {
    id: 'waitlist.sweep',
    payload: noPayload,
    everyMs: WAITLIST_SWEEP_EVERY_MS,
    async handler() {
      await deps.waitlist.sweep();
    },
  };
  return [mail, lapse, sweep] as JobDefinition<never>[];
}
