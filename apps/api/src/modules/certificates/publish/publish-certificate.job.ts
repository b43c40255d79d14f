import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { CERT_CSV_MSG, fill, serialNumber } from '@eo/contract';
import type { Db } from '../../../db/client.js';
import { handlerOf, workerJobs, type JobDefinition } from '../../../jobs/job-definition.js';
import type { JobContext, JobHandler, JobLog } from '../../../jobs/queue.js';
import type { FileStore } from '../../../lib/storage/storage.js';
import type { Mailer } from '../../../lib/mailer.js';
import { UploadService } from '../../uploads/uploads.service.js';
import { templatePathOf } from '../template-path.js';
import type { certificatePdf } from '../render/certificate-pdf.js';
import type { PreparedTemplate, renderCertificate } from '../render/render-certificate.js';
import { addEligibleRecipients } from '../eligible/eligible-recipients.js';
import { addAttendeeRecipients } from './attendee-recipients.js';
import { newRecipientsRefusal } from './batch-checks.js';
import { certificateMail } from './certificate-mail.js';
import { PUBLISH_CERTIFICATE } from './publish-certificate.type.js';
import * as repo from './publish.repository.js';
import { CsvFileError, readRecipientsCsv } from './recipients-csv.js';
import { recipientFilePaths, recipientFolder, serialFileName } from './recipient-files.js';
import type { WhatsAppOutbox } from '../../whatsapp/whatsapp-outbox.service.js';

export const CERTIFICATE_PUBLISH_JOB = PUBLISH_CERTIFICATE.id;

export interface CertificateRenderer { renderCertificate: typeof renderCertificate; certificatePdf: typeof certificatePdf }
/**
 * Loaded on the first render: canvas, sharp, pdf-lib and qrcode (tens of MB resident) stay out
 * of a process that renders nothing (an API process: JOB_WORKERS=0 and no preview asked yet).
 */
const realRenderer = async (): Promise<CertificateRenderer> => {
  const [{ renderCertificate: render }, { certificatePdf: pdf }] = await Promise.all([import('../render/render-certificate.js'), import('../render/certificate-pdf.js')]);
  return { renderCertificate: render, certificatePdf: pdf };
};
type Recipient = Pick<repo.RecipientRow, 'id' | 'position' | 'serial' | 'email'>;
export interface PublishDeps {
  db: Db;
  storage: FileStore;
  mailer: Mailer;
  /** Base of the verification link `${publicUrl}/verify/${serial}?t=${token}`. */
  publicUrl: string;
  /** Recipients one organizer may publish to in any 24 hours (CERT_RECIPIENTS_PER_DAY); unset: no limit. */
  recipientsPerDay?: number;
  /** Defaults to the real renderer; tests about the queue may pass a fast fake. */
  renderer?: CertificateRenderer;
  /** Recipients rendered and mailed at once (rendering encodes off the main thread). */
  concurrency?: number;
  /** "Sertifikat siap" on WhatsApp too, to registrants who asked (queued before the mail, once per recipient). */
  whatsapp?: WhatsAppOutbox;
  /** Test seams for crash injection; a throw here aborts the run like a crash would. */
  hooks?: { beforeRecipient?(r: Recipient): void | Promise<void>; afterMailSent?(r: Recipient): void | Promise<void> };
}

/** The publish job as a list (the module adds the late issue of eligible-by-rules certificates: certificates.module.ts). */
export const certificateJobs = (deps: PublishDeps) => [publishCertificateJob(deps)];

/** The same as a dispatch table: `startWorker({ handlers: certificateJobHandlers(deps), … })`. */
export const certificateJobHandlers = (deps: PublishDeps): Record<string, JobHandler> => workerJobs(certificateJobs(deps)).handlers;

/**
 * `certificate.publish` `{ certificateId }`, idempotent in three steps: create every recipient
 * with its serial (one transaction), render and mail those not mailed yet (files at fixed paths,
 * mails keyed by recipient), then mark the batch published. A run killed anywhere resumes
 * without rendering or mailing anyone twice (SMTP: at-least-once, see mailer.ts).
 */
export function publishCertificateJob(deps: PublishDeps): JobDefinition<{ certificateId: string }> {
  return { ...PUBLISH_CERTIFICATE, handler: (payload, ctx) => publish(deps, payload.certificateId, ctx) };
}

export const publishCertificateHandler = (deps: PublishDeps): JobHandler => handlerOf(publishCertificateJob(deps));

async function publish(deps: PublishDeps, certificateId: string, { signal, lastAttempt, log }: JobContext) {
  const cert = await createRecipients(deps, certificateId, log);
  if (!cert) return;
  signal.throwIfAborted();
  const failed = await deliverAll(deps, cert, signal);
  // Failures are retried with the job; the last try publishes and leaves them counted as failed.
  if (failed > 0 && !lastAttempt) throw new Error(`${failed} certificate(s) not delivered; retrying`);
  if (await repo.markPublished(deps.db, certificateId, lastAttempt)) {
    // A run killed while writing a file left its aside copy; the batch's files are final now.
    const leftovers = await deps.storage.removePartFiles(recipientFolder(certificateId));
    log.info({ certificateId, failed, leftovers }, 'certificate published');
  }
}

/**
 * Step 1 (an attendees batch: attendee-recipients.ts; an eligible one: eligible-recipients.ts). For a CSV, once: parse the CSV and insert every valid recipient with its serial, in one
 * transaction with the batch's row locked. A file that cannot be used (or serials another batch
 * holds) sends the batch back to draft with the reason in csvProblems (row 0), so the organizer
 * can fix it and publish again.
 */
async function createRecipients(deps: PublishDeps, id: string, log: JobLog): Promise<repo.PublishCertificate | null> {
  return deps.db.transaction(async (tx) => {
    const cert = await repo.findForPublish(tx, id, true);
    if (!cert || cert.status !== 'publishing') return null;
    // Attendees are looked up again on every run: a publish after more check-ins adds them.
    if (cert.recipientType === 'attendees') return addAttendeeRecipients(tx, cert, { recipientsPerDay: deps.recipientsPerDay, log });
    if (cert.recipientType === 'eligible') return addEligibleRecipients(tx, cert, { recipientsPerDay: deps.recipientsPerDay, log });
    if (await repo.hasRecipients(tx, id)) return cert;
    // Publishing sends mail under the platform's name: only for a live (published, approved) event.
    if (!cert.eventLive) {
      log.warn({ certificateId: id }, 'certificate event not published and approved; back to draft');
      await repo.setCertificate(tx, id, { status: 'drafted', csvProblems: [{ row: 0, reason: CERT_CSV_MSG.eventNotPublished }], updatedAt: new Date() });
      return null;
    }
    const csv = cert.recipientCsv;
    // A CSV upload's url is `/v1/files/<uploadId>` (private; the row holds the storage path).
    const uploadId = csv?.fileUrl.match(/^\/v1\/files\/([0-9a-f-]{36})$/)?.[1];
    const file = uploadId ? await new UploadService(deps.db, deps.storage).storedFile(uploadId, tx) : null;
    let parsed: ReturnType<typeof readRecipientsCsv> | undefined;
    let fatal: string | undefined;
    try {
      if (!csv || !file) throw new CsvFileError(fill(CERT_CSV_MSG.unreadable, { error: 'file tidak ditemukan' }));
      const maxName = cert.templateObjects.find((o) => o.key === 'recipientName')?.textStyle.charLength;
      parsed = readRecipientsCsv(await buffer(file.stream), { name: csv.recipientNameColumn, email: csv.recipientEmailColumn }, { maxName });
      if (parsed.recipients.length === 0) fatal = CERT_CSV_MSG.empty;
    } catch (e) {
      if (!(e instanceof CsvFileError)) throw e;
      fatal = e.message;
    }
    const prefix = cert.serialNumberPrefix ?? '';
    const rows = (parsed?.recipients ?? []).map((r, i, all) => ({
      certificateId: id, position: i + 1, serial: serialNumber(prefix, i + 1, all.length), name: r.name, email: r.email,
      // 128 random bits: the verify link's secret, so serials (sequential) reveal nobody's name.
      verifyToken: randomBytes(16).toString('base64url'),
    }));
    // Serials another batch holds (the organizer picks another prefix) or the daily limit.
    fatal ??= await newRecipientsRefusal(tx, cert.organizationId, rows.map((r) => r.serial), deps.recipientsPerDay);
    if (!parsed || fatal) {
      log.warn({ certificateId: id, reason: fatal }, 'certificate cannot be published; back to draft');
      await repo.setCertificate(tx, id, { status: 'drafted', csvProblems: [...(parsed?.problems ?? []), { row: 0, reason: fatal! }], updatedAt: new Date() });
      return null;
    }
    await repo.insertRecipients(tx, rows);
    await repo.setCertificate(tx, id, { csvProblems: parsed.problems, totalRecipient: rows.length });
    return cert;
  });
}

/** The batch's template, decoded once for all its recipients. */
export async function batchTemplate(storage: FileStore, cert: Pick<repo.PublishCertificate, 'id' | 'templateBackgroundUrl'>): Promise<PreparedTemplate> {
  const rel = cert.templateBackgroundUrl ? templatePathOf(cert.templateBackgroundUrl) : undefined;
  const templateFile = rel ? await storage.open(rel) : null;
  if (!templateFile) throw new Error(`certificate ${cert.id}: template file not found`);
  const { prepareTemplate } = await import('../render/render-certificate.js');
  return prepareTemplate(await buffer(templateFile.stream));
}

/** Step 2: every recipient not mailed yet, in CSV order, a few at a time. Returns how many failed. */
async function deliverAll(deps: PublishDeps, cert: repo.PublishCertificate, signal: AbortSignal): Promise<number> {
  // Decoded once for the whole batch, not once per recipient.
  const template = await batchTemplate(deps.storage, cert);
  const pending = await repo.pendingRecipients(deps.db, cert.id);
  let next = 0;
  let failed = 0;
  let crashed = false;
  const lane = async () => {
    while (next < pending.length && !crashed) {
      signal.throwIfAborted();
      const r = pending[next++]!;
      if (!(await deliverOne(deps, cert, template, r))) failed++;
    }
  };
  // Every lane settles before the run ends: no step is left half-done by a sibling's error.
  const results = await Promise.allSettled(Array.from({ length: Math.max(1, deps.concurrency ?? 4) }, () =>
    lane().catch((e: unknown) => {
      crashed = true;
      throw e;
    })));
  const crash = results.find((x) => x.status === 'rejected');
  if (crash) throw crash.reason;
  return failed;
}

/** Render (unless an earlier run already did), mail, then record both. False when it failed. */
export async function deliverOne(deps: PublishDeps, cert: repo.PublishCertificate, template: PreparedTemplate, r: repo.RecipientRow): Promise<boolean> {
  const { db } = deps;
  await deps.hooks?.beforeRecipient?.(r);
  const paths = recipientFilePaths(cert.id, r.serial);
  const link = verifyLink(deps.publicUrl, r.serial, r.verifyToken);
  let pdf: Buffer;
  let renderedAt = r.renderedAt;
  try {
    const files = await recipientPdf(deps, cert, async () => template, r);
    pdf = files.pdf;
    renderedAt = files.fresh ? new Date() : renderedAt ?? new Date();
  } catch (e) {
    await repo.markRecipient(db, r.id, { renderedAt: r.renderedAt, pngPath: r.pngPath, pdfPath: r.pdfPath, error: fill(CERT_CSV_MSG.renderFailed, { error: errorText(e) }) });
    return false;
  }
  const rendered = { renderedAt, pngPath: paths.png, pdfPath: paths.pdf };
  await deps.whatsapp?.certificate(db, { recipientId: r.id, registrantId: r.registrantId, name: r.name, eventName: cert.eventName, link });
  try {
    await deps.mailer.send({
      to: r.email,
      ...certificateMail({ eventName: cert.eventName, name: r.name, serial: r.serial, link, sender: cert.sender }),
      replyTo: cert.sender.email,
      attachments: [{ filename: `Sertifikat-${serialFileName(r.serial)}.pdf`, content: pdf, contentType: 'application/pdf' }],
      idempotencyKey: `certificate-${r.id}`,
    });
  } catch (e) {
    await repo.markRecipient(db, r.id, { ...rendered, error: fill(CERT_CSV_MSG.mailFailed, { error: errorText(e) }) });
    return false;
  }
  await deps.hooks?.afterMailSent?.(r);
  await repo.markRecipient(db, r.id, { ...rendered, mailedAt: new Date(), error: null });
  return true;
}

/**
 * A recipient's PDF: the one at its fixed path when a run (or a download) wrote it whole
 * (rename), so a run after a crash adopts it; else rendered now (the template asked for only
 * then) and kept there, PNG and PDF. `fresh`: rendered by this call.
 */
export async function recipientPdf(
  deps: Pick<PublishDeps, 'storage' | 'renderer' | 'publicUrl'>, cert: Pick<repo.PublishCertificate, 'id' | 'templateObjects' | 'eventName'>,
  template: () => Promise<PreparedTemplate>, r: Pick<repo.RecipientRow, 'serial' | 'verifyToken' | 'name'>,
): Promise<{ pdf: Buffer; fresh: boolean }> {
  const { storage } = deps;
  const paths = recipientFilePaths(cert.id, r.serial);
  const [png, stored] = await Promise.all([storage.sizeAt(paths.png), storage.openAt(paths.pdf)]);
  if (png !== null && stored) return { pdf: await buffer(stored.stream), fresh: false };
  const link = verifyLink(deps.publicUrl, r.serial, r.verifyToken);
  const renderer = deps.renderer ?? (await realRenderer());
  const image = await renderer.renderCertificate({
    template: await template(), objects: cert.templateObjects, texts: { recipientName: r.name, serialNumber: r.serial }, footer: fill(CERT_CSV_MSG.footer, { link }), qr: link,
  });
  const pdf = await renderer.certificatePdf({ jpeg: image.jpeg, width: image.width, height: image.height, link, title: fill(CERT_CSV_MSG.pdfTitle, { event: cert.eventName, name: r.name }) });
  await storage.putAt(paths.png, image.png);
  await storage.putAt(paths.pdf, pdf);
  return { pdf, fresh: true };
}

/** The public verify link printed on a certificate (URL and QR) and mailed: serial and its secret token. */
export const verifyLink = (publicUrl: string, serial: string, token: string) => `${publicUrl}/verify/${encodeURIComponent(serial)}?t=${token}`;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 500);
