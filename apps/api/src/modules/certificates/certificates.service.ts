import {
  CERT_MSG, CERT_OWN_MSG, certificateMissing, fill, type Certificate, type CertificatePayload, type CertStatus, type Paged,
} from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { conflict, DomainError, ERROR_CODE, invalid, invalidField, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { paged, pageTotal } from '../../lib/paging.js';
import { ownerScope } from '../../lib/scope.js';
import { enqueue } from '../../jobs/job-definition.js';
import { findScopedEvent } from '../events/event-detail.repository.js';
import * as repo from './certificates.repository.js';
import { PUBLISH_CERTIFICATE } from './publish/publish-certificate.type.js';
import { templatePathOf } from './template-path.js';
import { publishProgress, recipientsSince, type PublishProgress } from './publish/publish.repository.js';

const creatorOf = (caller: Caller) => (caller.isAdmin ? undefined : caller.userId);
/** `/files/2026/11/<uuid>.png` → `2026/11/<uuid>.png`; `/v1/files/<id>` → `<id>`. */
const csvUploadIdOf = (url: string) => url.match(/^\/v1\/files\/([0-9a-f-]{36})$/)?.[1];

function certificateOut(row: repo.CertificateWithEvent, progress?: PublishProgress): Certificate {
  const total = progress?.total ?? row.totalRecipient;
  return {
    id: row.id,
    status: row.status,
    event: row.eventId ? { id: row.eventId, name: row.eventName ?? '' } : null,
    eventName: row.eventName ?? '',
    recipientType: row.recipientType === 'csv' ? 'csv' : null,
    recipientCsv: row.recipientCsv ?? null,
    totalRecipient: total,
    templateBackgroundUrl: row.templateBackgroundUrl,
    serialNumberPrefix: row.serialNumberPrefix,
    groupName: row.groupName,
    templateObjects: row.templateObjects,
    progress: { done: progress?.done ?? 0, total, failed: progress?.failed ?? 0 },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
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
      const values = await this.checked(tx, caller, body);
      const created = await repo.insertCertificate(tx, { ...values, creatorId: caller.userId, createdAt: now, updatedAt: now });
      if (!body.isDraft) await enqueue(tx, PUBLISH_CERTIFICATE, { certificateId: created });
      return created;
    });
    return this.get(caller, id);
  }

  async update(caller: Caller, id: string, body: CertificatePayload, now = new Date()): Promise<Certificate> {
    if (!isUuid(id)) throw notFound();
    await this.db.transaction(async (tx) => {
      // Owner only; the row lock makes a concurrent second publish wait and then see `publishing`.
      const row = await repo.findCertificate(tx, id, caller.userId, true);
      if (!row) throw notFound();
      if (row.status !== 'drafted') throw conflict(CERT_OWN_MSG.notDrafted);
      await repo.updateCertificate(tx, id, { ...(await this.checked(tx, caller, body)), updatedAt: now });
      if (!body.isDraft) await enqueue(tx, PUBLISH_CERTIFICATE, { certificateId: id });
    });
    return this.get(caller, id);
  }

  async get(caller: Caller, id: string): Promise<Certificate> {
    const row = isUuid(id) ? await repo.findCertificate(this.db, id, creatorOf(caller)) : undefined;
    if (!row) throw notFound();
    return certificateOut(row, (await publishProgress(this.db, [id])).get(id));
  }

  /** `GET /v1/certificates`: the caller's own (the spec's creator/userId parameters never widen it). */
  async list(caller: Caller, q: { page: number; limit: number; sortBy: 'asc' | 'desc'; sortParam: 'createdAt' | 'updatedAt'; filters: { status?: CertStatus } }): Promise<Paged<Certificate>> {
    const { rows, count } = await repo.certificatePage(this.db, { ...q, status: q.filters.status, creatorId: creatorOf(caller) });
    const counts = await publishProgress(this.db, rows.map((r) => r.id));
    return paged(rows.map((r) => certificateOut(r, counts.get(r.id))), q, await pageTotal(rows, q.page, count));
  }

  /** The columns to store, after checking completeness and that the event and files are the caller's. */
  private async checked(tx: DbOrTx, caller: Caller, body: CertificatePayload) {
    const missing = certificateMissing(body);
    if (missing) throw invalid(missing);
    const event = body.eventId && isUuid(body.eventId) ? await findScopedEvent(tx, ownerScope({ ...caller, isAdmin: false }), body.eventId) : undefined;
    if (body.eventId && !event) throw invalidField(CERT_OWN_MSG.eventNotFound, 'eventId');
    // Publishing mails strangers under the platform's name: only for a published, approved event.
    if (!body.isDraft && event && (event.isDraft || event.approvedStatus !== 'approved')) throw invalidField(CERT_OWN_MSG.eventNotPublished, 'eventId');
    const templatePath = body.templateBackgroundUrl ? templatePathOf(body.templateBackgroundUrl) : undefined;
    if (body.templateBackgroundUrl && !(templatePath && await repo.ownedUpload(tx, caller.userId, { path: templatePath }, 'CertificateTemplate'))) {
      throw invalidField(CERT_OWN_MSG.templateUnreadable, 'templateBackgroundUrl');
    }
    const csv = body.recipientCsv;
    if (csv) {
      const uploadId = csvUploadIdOf(csv.fileUrl);
      if (!(uploadId && await repo.ownedUpload(tx, caller.userId, { id: uploadId }, 'CSV'))) throw invalidField(CERT_OWN_MSG.csvUnreadable, 'recipientCsv.fileUrl');
      for (const path of ['recipientNameColumn', 'recipientEmailColumn'] as const) {
        if (csv.columns.length && !csv.columns.includes(csv[path])) throw invalidField(fill(CERT_OWN_MSG.csvColumn, { column: csv[path] }), `recipientCsv.${path}`);
      }
    }
    if (!body.isDraft && !body.recipientType) throw invalidField(CERT_MSG.recipientType, 'recipientType');
    if (!body.isDraft && this.recipientsPerDay !== undefined) {
      const used = await recipientsSince(tx, caller.userId, new Date(Date.now() - 86_400_000));
      if (used + (csv?.totalRecipient ?? 0) > this.recipientsPerDay) {
        const message = fill(CERT_OWN_MSG.dailyLimit, { limit: this.recipientsPerDay, left: Math.max(0, this.recipientsPerDay - used) });
        throw new DomainError(ERROR_CODE.certificateDailyLimit, message, { errors: [{ path: 'recipientCsv', message }], retryAfterSeconds: 3600 });
      }
    }
    return {
      status: (body.isDraft ? 'drafted' : 'publishing') as CertStatus,
      eventId: body.eventId,
      recipientType: body.recipientType,
      recipientCsv: csv,
      totalRecipient: csv?.totalRecipient ?? 0,
      templateBackgroundUrl: body.templateBackgroundUrl,
      serialNumberPrefix: body.serialNumberPrefix,
      groupName: body.groupName ?? null,
      templateObjects: body.templateObjects,
    };
  }
}
