import {
  BROADCAST_MSG as M, fill, MESSAGE_FAILURES_SHOWN, MESSAGE_SCHEDULE_MAX_DAYS, REMINDER_TEXT,
  type MessageAudience, type MessageBody, type MessageDetail, type MessageListItem, type MessagePreview, type Paged, type Reminders, type RemindersBody,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { enqueue } from '../../jobs/job-definition.js';
import { wakeWorkers } from '../../jobs/queue.js';
import { Permission, requireEvent } from '../../lib/access.js';
import { recordAudit } from '../../lib/audit.js';
import { forgetEvent } from '../../lib/event-cache.js';
import type { Caller } from '../../lib/caller.js';
import { conflict, DomainError, ERROR_CODE, invalidField, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import { readUnsubscribeToken } from './deliver/unsubscribe-token.js';
import { SEND_MESSAGE } from './deliver/send-message.type.js';
import { mergeValues, organizerName, renderMessage } from './message-render.js';
import * as repo from './messages.repository.js';

export interface MessagesOptions { publicUrl: string; secret: string; dailyCap: number }
type EventRow = Awaited<ReturnType<typeof requireEvent>>;

const DAY_MS = 86_400_000;

/**
 * Messages to an event's participants. Only the event's current registrants are ever
 * addressed (the audience is a filter on them, never a list of addresses), one copy per email.
 * Creating one checks the organization's rolling daily cap under a per-organization lock and
 * queues `message.send` (deliver/), at once or at `sendAt`.
 */
export class MessagesService {
  constructor(private readonly db: Db, private readonly mailer: Mailer, private readonly opts: MessagesOptions) {}

  async list(caller: Caller, eventId: string, page: number, limit: number): Promise<Paged<MessageListItem>> {
    const event = await requireEvent(this.db, caller, Permission.MessageRead, eventId);
    const { rows, total } = await repo.listMessages(this.db, event.id, page, limit);
    return { docs: rows.map(toItem), page, limit, totalDocs: total, totalPages: Math.ceil(total / limit) };
  }

  async get(caller: Caller, eventId: string, messageId: string): Promise<MessageDetail> {
    const event = await requireEvent(this.db, caller, Permission.MessageRead, eventId);
    const row = isUuid(messageId) ? await repo.findMessageWithFailures(this.db, event.id, messageId, MESSAGE_FAILURES_SHOWN) : undefined;
    if (!row) throw notFound();
    return { ...toItem(row), body: row.body, failures: row.failures };
  }

  async audienceCount(caller: Caller, eventId: string, audience: MessageAudience): Promise<number> {
    const event = await requireEvent(this.db, caller, Permission.MessageRead, eventId);
    await this.checkTickets(event.id, audience);
    return repo.countAudience(this.db, event.id, audience);
  }

  async preview(caller: Caller, eventId: string, m: { subject: string; body: string; audience: MessageAudience }): Promise<MessagePreview> {
    const event = await requireEvent(this.db, caller, Permission.MessageSend, eventId);
    await this.checkTickets(event.id, m.audience);
    return this.render(event, m, await repo.sampleOf(this.db, event.id, m.audience), true);
  }

  /** One copy to the caller, as the first registrant of the event would get it. */
  async test(caller: Caller, eventId: string, m: { subject: string; body: string }): Promise<string> {
    const event = await requireEvent(this.db, caller, Permission.MessageSend, eventId);
    const mail = await this.render(event, m, await repo.sampleOf(this.db, event.id, { attendance: 'all' }), true);
    await this.mailer.send({ to: caller.email, subject: `[Uji] ${mail.subject}`, text: mail.text, html: mail.html, fromName: fill(M.fromName, { organizer: organizerOf(event) }) });
    return caller.email;
  }

  async create(caller: Caller, eventId: string, body: MessageBody, now = new Date()): Promise<{ id: string; status: 'scheduled' | 'sending'; recipients: number }> {
    const event = await requireEvent(this.db, caller, Permission.MessageSend, eventId);
    await this.checkTickets(event.id, body.audience);
    const sendAt = body.sendAt ? new Date(body.sendAt) : now;
    if (body.sendAt && sendAt.getTime() <= now.getTime()) throw invalidField(M.sendAtPast, 'sendAt');
    if (sendAt.getTime() > now.getTime() + MESSAGE_SCHEDULE_MAX_DAYS * DAY_MS) throw invalidField(M.sendAtFar, 'sendAt');
    const status = body.sendAt ? 'scheduled' as const : 'sending' as const;
    const created = await this.db.transaction(async (tx) => {
      await repo.lockOrganizationCap(tx, event.organizationId);
      const recipients = await repo.countAudience(tx, event.id, body.audience);
      if (recipients === 0) throw invalidField(M.noRecipients, 'audience');
      const used = await repo.announcedSince(tx, event.organizationId, new Date(now.getTime() - DAY_MS));
      if (used + recipients > this.opts.dailyCap) {
        const message = fill(M.dailyCap, { cap: this.opts.dailyCap, left: Math.max(0, this.opts.dailyCap - used) });
        throw new DomainError(ERROR_CODE.messageDailyCap, message, { retryAfterSeconds: 3600, errors: [{ message, path: 'audience' }] });
      }
      const id = await repo.insertMessage(tx, {
        eventId: event.id, organizationId: event.organizationId, kind: 'announcement', subject: body.subject, body: body.body,
        audience: body.audience, status, sendAt, createdBy: caller.userId, recipients,
      });
      await enqueue(tx, SEND_MESSAGE, { messageId: id }, status === 'scheduled' ? sendAt : undefined);
      await recordAudit(tx, caller, {
        action: 'message.sent', organizationId: event.organizationId, targetType: 'event', targetId: event.id, summary: body.subject,
        detail: { messageId: id, recipients, sendAt: sendAt.toISOString(), audience: body.audience },
      }, now);
      return { id, status, recipients };
    });
    wakeWorkers(SEND_MESSAGE.id);
    return created;
  }

  async cancel(caller: Caller, eventId: string, messageId: string, now = new Date()): Promise<void> {
    const event = await requireEvent(this.db, caller, Permission.MessageSend, eventId);
    const row = isUuid(messageId) ? await repo.findMessage(this.db, event.id, messageId) : undefined;
    if (!row) throw notFound();
    await this.db.transaction(async (tx) => {
      if (!(await repo.cancelScheduled(tx, row.id))) throw conflict(M.notScheduled);
      await recordAudit(tx, caller, {
        action: 'message.cancelled', organizationId: event.organizationId, targetType: 'event', targetId: event.id, summary: row.subject, detail: { messageId: row.id },
      }, now);
    });
  }

  async reminders(caller: Caller, eventId: string): Promise<Reminders> {
    const event = await requireEvent(this.db, caller, Permission.MessageRead, eventId);
    return this.remindersOf(event);
  }

  async setReminders(caller: Caller, eventId: string, body: RemindersBody): Promise<Reminders> {
    const event = await requireEvent(this.db, caller, Permission.MessageSend, eventId);
    await repo.saveReminders(this.db, event.id, body);
    forgetEvent(this.db, event.id);
    return this.remindersOf(event, body);
  }

  /** Opts the token's address out of its organization's announcements; what the page names, or undefined for a bad link. */
  async unsubscribe(token: string, confirm: boolean): Promise<{ organizer: string; email: string } | undefined> {
    const target = readUnsubscribeToken(this.opts.secret, token);
    if (!target) return undefined;
    const who = 'registrantId' in target
      ? await repo.recipientOf(this.db, target.registrantId)
      : { ...target, organizer: await repo.organizationName(this.db, target.organizationId) };
    if (!who) return undefined;
    if (confirm) await repo.optOut(this.db, who.organizationId, who.email);
    return { organizer: who.organizer, email: who.email };
  }

  /** `settings`: as just saved, else the event row's (the gate read it with the request). */
  private async remindersOf(event: EventRow, settings = { dayBefore: event.reminderDayBefore, hourBefore: event.reminderHourBefore }): Promise<Reminders> {
    const online = event.experience === 'online';
    // Reminders go to everyone: one sample for both previews.
    const sample = await repo.sampleOf(this.db, event.id, { attendance: 'all' });
    return {
      ...settings,
      online,
      previews: {
        dayBefore: this.render(event, { subject: REMINDER_TEXT.daySubject, body: REMINDER_TEXT.dayBody }, sample, false),
        hourBefore: online ? this.render(event, { subject: REMINDER_TEXT.hourSubject, body: REMINDER_TEXT.hourBody }, sample, false) : null,
      },
    };
  }

  /** The mail as `sample` (a registrant of the audience) gets it; without one, the merge fields stay as written. */
  private render(event: EventRow, m: { subject: string; body: string }, sample: repo.MergeRow | undefined, announcement: boolean): MessagePreview {
    const values = sample
      ? mergeValues(sample, this.opts.publicUrl)
      : { nama: '{nama}', event: event.name ?? '', tiket: '{tiket}', tanggal: '{tanggal}', lokasi: '{lokasi}', link_tiket: '{link_tiket}' };
    const footer = announcement
      ? {
        organizer: organizerOf(event),
        // A placeholder: a preview or the organizer's test mail must not carry a working link that
        // would opt the sample registrant out.
        unsubscribeUrl: `${this.opts.publicUrl}/u/{token}`,
      }
      : undefined;
    return { ...renderMessage(m, values, footer), sample: sample?.name ?? null };
  }

  private async checkTickets(eventId: string, audience: MessageAudience) {
    const ids = [...new Set(audience.ticketIds ?? [])];
    if (!ids.length) return;
    const found = ids.every(isUuid) ? await repo.ticketsOf(this.db, eventId, ids) : [];
    if (found.length !== ids.length) throw invalidField(M.ticketNotOfEvent, 'audience.ticketIds');
  }
}

const organizerOf = (event: EventRow) => organizerName(event.eoName, event.name);

type Row = Omit<Awaited<ReturnType<typeof repo.listMessages>>['rows'][number], 'total'>;
function toItem(r: Row): MessageListItem {
  const audience = r.audience as MessageListItem['audience'];
  return {
    id: r.id, kind: r.kind as MessageListItem['kind'], subject: r.subject, audience, ticketNames: r.ticketNames ?? [],
    status: r.status as MessageListItem['status'], sendAt: r.sendAt.toISOString(), createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null, sentBy: r.sentBy, recipients: r.recipients,
    counts: { queued: r.queued, sent: r.sent, failed: r.failed, bounced: r.bounced },
    whatsapp: r.whatsapp,
  };
}

