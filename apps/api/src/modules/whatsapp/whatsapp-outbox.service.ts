import { sql } from 'drizzle-orm';
import { eTicketPath, formatWibDateTime, formatWibLongDate, type WhatsAppKind } from '@eo/contract';
import type { WhatsAppConfig } from '../../config/env.js';
import type { DbOrTx } from '../../db/client.js';
import { wakeWorkers } from '../../jobs/queue.js';
import * as repo from './whatsapp.repository.js';
import { SEND_WHATSAPP } from './send-whatsapp.type.js';

/**
 * What the other modules call to send WhatsApp beside their mails: each method queues one
 * template message (or a reminder's), keyed so that the work calling it may run again without a
 * second message, and only to participants who asked for it. Without configuration it queues
 * nothing: mail only. Call it before the mail goes, so a mail failure does not hold it back.
 */
export class WhatsAppOutbox {
  constructor(private readonly cfg: WhatsAppConfig | undefined, private readonly publicUrl: string) {}

  get enabled(): boolean {
    return this.cfg !== undefined;
  }

  /** The e-ticket of a confirmed registration (also an approved one's news). */
  ticket(db: DbOrTx, r: { registrantId: string; name: string; eventId: string; eventName: string; ticketCode: string }) {
    return this.forRegistrant(db, 'ticket', `ticket:${r.registrantId}`, r.registrantId, [r.name, r.eventName, `${this.publicUrl}${eTicketPath(r.eventId, r.ticketCode)}`]);
  }

  /** A registration the organizer declined. */
  declined(db: DbOrTx, r: { registrantId: string; name: string; eventName: string; reason?: string | null }) {
    return this.forRegistrant(db, 'declined', `declined:${r.registrantId}`, r.registrantId, [r.name, r.eventName, r.reason?.trim() || '-']);
  }

  /** A certificate ready for a registrant (one issued to a list of names has none to write to). */
  certificate(db: DbOrTx, r: { recipientId: string; registrantId: string | null; name: string; eventName: string; link: string }) {
    if (!r.registrantId) return Promise.resolve(false);
    return this.forRegistrant(db, 'certificate', `certificate:${r.recipientId}`, r.registrantId, [r.name, r.eventName, r.link]);
  }

  /** A waiting list's offer, to the entry's own phone. */
  async waitlistOffer(db: DbOrTx, o: { entryId: string; name: string; eventName: string; until: Date; url: string }) {
    if (!this.cfg) return false;
    const made = await repo.queueForWaitlistEntry(db, {
      ...this.template('waitlistOffer'), key: `waitlistOffer:${o.entryId}`, entryId: o.entryId, params: [o.name, o.eventName, formatWibDateTime(o.until), o.url],
    });
    if (made) await this.wake(db);
    return made;
  }

  /** A reminder's messages to the event's confirmed registrants who asked for WhatsApp. */
  async reminder(db: DbOrTx, m: { messageId: string; eventId: string; kind: 'reminderDay' | 'reminderHour'; startAt: Date | null }) {
    if (!this.cfg) return 0;
    const link = sql`${this.publicUrl} || '/e/' || e.id || '/ticket/' || r.ticket_code`;
    const params = m.kind === 'reminderDay'
      ? sql`jsonb_build_array(r.name, e.name, ${m.startAt ? formatWibLongDate(m.startAt) : '-'}::text, ${link})`
      : sql`jsonb_build_array(r.name, e.name, coalesce(nullif(e.event_stream_link, ''), ${link}))`;
    const made = await repo.queueReminder(db, { ...this.template(m.kind), messageId: m.messageId, eventId: m.eventId, kind: m.kind, params });
    if (made) await this.wake(db);
    return made;
  }

  private async forRegistrant(db: DbOrTx, kind: WhatsAppKind, key: string, registrantId: string, params: string[]) {
    if (!this.cfg) return false;
    const made = await repo.queueForRegistrant(db, { ...this.template(kind), kind, key, registrantId, params });
    if (made) await this.wake(db);
    return made;
  }

  private template(kind: WhatsAppKind): repo.Template {
    return { template: this.cfg!.templates[kind], language: this.cfg!.language };
  }

  private async wake(db: DbOrTx) {
    await repo.hurrySender(db, SEND_WHATSAPP.id);
    wakeWorkers(SEND_WHATSAPP.id);
  }
}
