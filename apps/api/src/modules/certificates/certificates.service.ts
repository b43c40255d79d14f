import {
  CERT_ATTENDEES_MSG, CERT_MSG, CERT_OWN_MSG, CERT_RECIPIENT_TYPES, certificateMissing, fill, fromRegistrations,
  type AttendeesCount, type CertificateEvent, type Certificate, type CertificatePayload, type CertificateRules, type CertRecipientType, type CertStatus, type Paged,
} from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { findPermittedUpload, organizationFor, Permission, requireCertificate, requireEvent, scopeOf } from '../../lib/access.js';
import { recordAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { conflict, DomainError, ERROR_CODE, invalid, invalidField, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { paged, pageTotal } from '../../lib/paging.js';
import { enqueue } from '../../jobs/job-definition.js';
import * as repo from './certificates.repository.js';
import { PUBLISH_CERTIFICATE } from './publish/publish-certificate.type.js';
import { templatePathOf } from './template-path.js';
import { recipientsSince, type PublishProgress } from './publish/publish.repository.js';
import { attendeeCounts, certifiableEvents } from './publish/attendees.repository.js';
import { eligibleCount } from './eligible/eligibility.repository.js';
import { checkRulesFitEvent } from './eligible/event-rules.js';

/** `/files/2026/11/<uuid>.png` → `2026/11/<uuid>.png`; `/v1/files/<id>` → `<id>`. */
const csvUploadIdOf = (url: string) => url.match(/^\/v1\/files\/([0-9a-f-]{36})$/)?.[1];

function certificateOut(row: repo.CertificateWithEvent, progress?: PublishProgress): Certificate {
  const total = progress?.total ?? row.totalRecipient;
  return {
    id: row.id,
    status: row.status,
    event: row.eventId ? { id: row.eventId, name: row.eventName ?? '' } : null,
    eventName: row.eventName ?? '',
    recipientType: CERT_RECIPIENT_TYPES.includes(row.recipientType as CertRecipientType) ? row.recipientType as CertRecipientType : null,
    recipientCsv: row.recipientCsv ?? null,
    totalRecipient: total,
    templateBackgroundUrl: row.templateBackgroundUrl,
    serialNumberPrefix: row.serialNumberPrefix,
    groupName: row.groupName,
    templateObjects: row.templateObjects,
    rules: row.rules ?? null,
    progress: { done: progress?.done ?? 0, total, failed: progress?.failed ?? 0 },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Certificates of spec sections 2–7. A draft needs only its template; publishing needs every
 * field, moves the batch to `publishing` and queues the job that renders and mails each
 * certificate (in the same transaction: a publish is never lost between the two). Only a draft
 * can be changed. Every referenced event and file must be the caller's own.
 */
export class CertificatesService {
  /** `recipientsPerDay`: one organizer's recipients in any 24 hours (the job enforces it exactly; this refuses early). */
  constructor(private readonly db: Db, private readonly recipientsPerDay?: number) {}

  async create(caller: Caller, body: CertificatePayload, now = new Date()): Promise<Certificate> {
    const id = await this.db.transaction(async (tx) => {
      const { columns, eventName } = await this.checked(tx, caller, body);
      const organizationId = organizationFor(caller, 'certificates');
      const created = await repo.insertCertificate(tx, { ...columns, organizationId, creatorId: caller.userId, createdAt: now, updatedAt: now });
      if (!body.isDraft) await this.published(tx, caller, organizationId, created, columns, eventName, now);
      return created;
    });
    return this.get(caller, id);
  }

  async update(caller: Caller, id: string, body: CertificatePayload, now = new Date()): Promise<Certificate> {
    await this.db.transaction(async (tx) => {
      // The row lock makes a concurrent second publish wait and then see `publishing`.
      const row = await requireCertificate(tx, caller, Permission.CertificateUpdate, id, { lock: true });
      if (row.status !== 'drafted') throw conflict(CERT_OWN_MSG.notDrafted);
      const { columns, eventName } = await this.checked(tx, caller, body);
      await repo.updateCertificate(tx, id, { ...columns, updatedAt: now });
      if (!body.isDraft) await this.published(tx, caller, row.organizationId, id, columns, eventName, now);
    });
    return this.get(caller, id);
  }

  /**
   * A certificate for attendees, published again: back to `publishing` with its job queued, which
   * adds only the attendees checked in since (the row lock makes a concurrent second call wait
   * and then see `publishing`). Refused while nobody new attended.
   */
  async republish(caller: Caller, id: string, now = new Date()): Promise<Certificate> {
    await this.db.transaction(async (tx) => {
      const row = await requireCertificate(tx, caller, Permission.CertificateUpdate, id, { lock: true });
      if (row.recipientType !== 'attendees') throw conflict(CERT_ATTENDEES_MSG.notAttendees);
      if (row.status !== 'published') throw conflict(CERT_ATTENDEES_MSG.notPublished);
      const event = await requireEvent(tx, caller, Permission.EventCertify, row.eventId ?? '', { orElse: () => invalidField(CERT_OWN_MSG.eventNotFound, 'eventId') });
      if (event.isDraft || event.approvedStatus !== 'approved') throw invalidField(CERT_OWN_MSG.eventNotPublished, 'eventId');
      const { toSend } = await this.countAttendees(tx, event.id, id);
      if (toSend === 0) throw conflict(CERT_ATTENDEES_MSG.noNewAttendees);
      await this.withinDailyLimit(tx, caller, toSend, 'recipientType');
      await repo.updateCertificate(tx, id, { status: 'publishing', updatedAt: now });
      await this.published(tx, caller, row.organizationId, id, { eventId: event.id, totalRecipient: toSend, groupName: row.groupName }, event.name ?? undefined, now);
    });
    return this.get(caller, id);
  }

  /** `GET /v1/certificates/events`: the events a certificate may be made for (certifiableEvents). */
  async events(caller: Caller, name: string | undefined, now = new Date()): Promise<CertificateEvent[]> {
    return certifiableEvents(this.db, scopeOf(caller, Permission.EventCertify), name, now);
  }

  /**
   * `GET /v1/certificates/attendees-count`: the event's attendees (it must be one the caller may
   * certify, else 404), and with a certificate of it how many already hold one of it.
   */
  async attendeesCount(caller: Caller, eventId: string, certificateId?: string): Promise<AttendeesCount> {
    const event = await requireEvent(this.db, caller, Permission.EventCertify, eventId);
    if (certificateId) await requireCertificate(this.db, caller, Permission.CertificateRead, certificateId);
    return this.countAttendees(this.db, event.id, certificateId);
  }

  /**
   * `GET /v1/certificates/eligible-count`: the event's confirmed registrants meeting `rules` now
   * (an event the caller may certify, else 404; rules it cannot meet: 400).
   */
  async eligibleCount(caller: Caller, eventId: string, rules: CertificateRules): Promise<number> {
    const event = await requireEvent(this.db, caller, Permission.EventCertify, eventId);
    await checkRulesFitEvent(this.db, event.id, rules, 'rules');
    return eligibleCount(this.db, event.id, rules);
  }

  /** Counts of one event; a certificate of another event has certified none of its attendees. */
  private async countAttendees(db: DbOrTx, eventId: string, certificateId?: string): Promise<AttendeesCount> {
    const { attendees, alreadyCertified } = await attendeeCounts(db, eventId, certificateId);
    return { attendees, alreadyCertified, toSend: attendees - alreadyCertified };
  }

  /** The gate's condition, the event's name and the progress in one statement (repo.certificateView). */
  async get(caller: Caller, id: string): Promise<Certificate> {
    const view = isUuid(id) ? await repo.certificateView(this.db, scopeOf(caller, Permission.CertificateRead), id) : undefined;
    if (!view) throw notFound();
    return certificateOut(view.certificate, view.progress);
  }

  /** `GET /v1/certificates`: the caller's own (the spec's creator/userId parameters never widen it). */
  async list(caller: Caller, q: { page: number; limit: number; sortBy: 'asc' | 'desc'; sortParam: 'createdAt' | 'updatedAt'; filters: { status?: CertStatus } }): Promise<Paged<Certificate>> {
    const { rows, count } = await repo.certificatePage(this.db, { ...q, status: q.filters.status, scope: scopeOf(caller, Permission.CertificateRead) });
    return paged(rows.map((r) => certificateOut(r, r.progress)), q, await pageTotal(rows, q.page, count));
  }

  /** A batch leaves draft: its publish job is queued and the organization's audit log told, with the change. */
  private async published(
    tx: DbOrTx, caller: Caller, organizationId: string, certificateId: string,
    columns: { eventId?: string | null; totalRecipient: number; groupName: string | null }, eventName: string | undefined, now: Date,
  ) {
    await enqueue(tx, PUBLISH_CERTIFICATE, { certificateId });
    await recordAudit(tx, caller, {
      action: 'certificate.published', organizationId, targetType: 'certificate', targetId: certificateId,
      summary: eventName ?? columns.groupName ?? undefined,
      detail: { eventId: columns.eventId ?? null, totalRecipient: columns.totalRecipient, groupName: columns.groupName },
    }, now);
  }

  /** The columns to store, after checking completeness and that the event and files are the caller's. */
  private async checked(tx: DbOrTx, caller: Caller, body: CertificatePayload) {
    const missing = certificateMissing(body);
    if (missing) throw invalid(missing);
    const event = body.eventId
      ? await requireEvent(tx, caller, Permission.EventCertify, body.eventId, { orElse: () => invalidField(CERT_OWN_MSG.eventNotFound, 'eventId') })
      : undefined;
    // Publishing mails strangers under the platform's name: only for a published, approved event.
    if (!body.isDraft && event && (event.isDraft || event.approvedStatus !== 'approved')) throw invalidField(CERT_OWN_MSG.eventNotPublished, 'eventId');
    const templatePath = body.templateBackgroundUrl ? templatePathOf(body.templateBackgroundUrl) : undefined;
    if (body.templateBackgroundUrl && !(templatePath && await findPermittedUpload(tx, caller, Permission.UploadAttach, { path: templatePath }, 'CertificateTemplate'))) {
      throw invalidField(CERT_OWN_MSG.templateUnreadable, 'templateBackgroundUrl');
    }
    const csv = body.recipientCsv;
    if (csv) {
      const uploadId = csvUploadIdOf(csv.fileUrl);
      if (!(uploadId && await findPermittedUpload(tx, caller, Permission.UploadAttach, { id: uploadId }, 'CSV'))) throw invalidField(CERT_OWN_MSG.csvUnreadable, 'recipientCsv.fileUrl');
      for (const path of ['recipientNameColumn', 'recipientEmailColumn'] as const) {
        if (csv.columns.length && !csv.columns.includes(csv[path])) throw invalidField(fill(CERT_OWN_MSG.csvColumn, { column: csv[path] }), `recipientCsv.${path}`);
      }
    }
    if (!body.isDraft && !body.recipientType) throw invalidField(CERT_MSG.recipientType, 'recipientType');
    // Attendees need no file (one sent along is not kept) and, to publish, someone who attended.
    const forAttendees = body.recipientType === 'attendees';
    const attendees = forAttendees && event ? (await attendeeCounts(tx, event.id)).attendees : 0;
    if (!body.isDraft && forAttendees && attendees === 0) throw invalidField(CERT_ATTENDEES_MSG.noAttendees, 'recipientType');
    // Those meeting rules: rules the event can meet; nobody needs to meet them yet (later ones get it then).
    const rules = body.recipientType === 'eligible' ? body.rules ?? null : null;
    if (rules && event) await checkRulesFitEvent(tx, event.id, rules, 'rules');
    const eligible = rules && event ? await eligibleCount(tx, event.id, rules) : 0;
    const fromEvent = fromRegistrations(body.recipientType);
    const recipients = forAttendees ? attendees : body.recipientType === 'eligible' ? eligible : csv?.totalRecipient ?? 0;
    if (!body.isDraft) await this.withinDailyLimit(tx, caller, recipients, fromEvent ? 'recipientType' : 'recipientCsv');
    const columns = {
      status: (body.isDraft ? 'drafted' : 'publishing') as CertStatus,
      eventId: body.eventId,
      recipientType: body.recipientType,
      recipientCsv: fromEvent ? null : csv,
      rules,
      totalRecipient: fromEvent ? recipients : csv?.totalRecipient ?? 0,
      templateBackgroundUrl: body.templateBackgroundUrl,
      serialNumberPrefix: body.serialNumberPrefix,
      groupName: body.groupName ?? null,
      templateObjects: body.templateObjects,
    };
    return { columns, eventName: event?.name ?? undefined };
  }

  /** Refuses early (429) when `adding` recipients would pass the daily limit; the job enforces it exactly. */
  private async withinDailyLimit(tx: DbOrTx, caller: Caller, adding: number, path: string) {
    if (this.recipientsPerDay === undefined || !caller.organizationId) return;
    // The organization's recipients, as the job counts them (it was given the user's id: nothing was ever counted here).
    const used = await recipientsSince(tx, caller.organizationId, new Date(Date.now() - 86_400_000));
    if (used + adding <= this.recipientsPerDay) return;
    const message = fill(CERT_OWN_MSG.dailyLimit, { limit: this.recipientsPerDay, left: Math.max(0, this.recipientsPerDay - used) });
    throw new DomainError(ERROR_CODE.certificateDailyLimit, message, { errors: [{ path, message }], retryAfterSeconds: 3600 });
  }
}
