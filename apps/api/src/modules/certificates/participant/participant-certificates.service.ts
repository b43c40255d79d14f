import {
  participantCertificatePath, sessionsNeeded, type ParticipantCertificate, type ParticipantCertMissing,
} from '@eo/contract';
import type { Db } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import type { FileStore } from '../../../lib/storage/storage.js';
import { isTicketCode } from '../../platform/registration.service.js';
import { batchTemplate, recipientPdf, type CertificateRenderer } from '../publish/publish-certificate.job.js';
import { findForPublish } from '../publish/publish.repository.js';
import { recipientFilePaths, serialFileName } from '../publish/recipient-files.js';
import * as repo from './participant-certificates.repository.js';

type Entry = ParticipantCertificate & { recipientId: string | null };

/**
 * A participant's certificates by their e-ticket's code (API.md, "Sessions, evaluation and
 * certificate rules"): each published certificate of the event that applies to them. Theirs
 * (a recipient row): ready, with its PDF. By rules, not yet: what they still lack. For
 * attendees, not yet: attendance when they have not attended. A CSV that does not list them:
 * not shown. Only a confirmed registration sees any.
 */
export class ParticipantCertificatesService {
  private readonly rendering = new Map<string, Promise<Buffer>>();

  constructor(private readonly db: Db, private readonly files: { storage: FileStore; publicUrl: string; renderer?: CertificateRenderer }) {}

  async forTicket(ticketCode: string): Promise<ParticipantCertificate[]> {
    return (await this.entries(ticketCode)).map(({ recipientId: _, ...shown }) => shown);
  }

  /**
   * The certificate as PDF, with its verify link and QR: the batch's file when it rendered it,
   * else rendered now and kept where the batch would have put it (one render, then reused).
   */
  async pdf(ticketCode: string, certificateId: string): Promise<{ pdf: Buffer; fileName: string }> {
    const entry = (await this.entries(ticketCode)).find((c) => c.certificateId === certificateId && c.recipientId);
    const recipient = entry?.recipientId ? await repo.recipientById(this.db, entry.recipientId) : undefined;
    const cert = recipient ? await findForPublish(this.db, certificateId) : undefined;
    if (!recipient || !cert) throw notFound();
    // One render per recipient at a time in this process: requests arriving meanwhile share it.
    let pending = this.rendering.get(recipient.id);
    if (!pending) {
      const deps = { ...this.files };
      pending = (async () => {
        const { pdf, fresh } = await recipientPdf(deps, cert, () => batchTemplate(deps.storage, cert), recipient);
        if (fresh) await repo.recordRendered(this.db, recipient.id, { pngPath: recipientFilePaths(cert.id, recipient.serial).png, pdfPath: recipientFilePaths(cert.id, recipient.serial).pdf });
        return pdf;
      })().finally(() => this.rendering.delete(recipient.id));
      this.rendering.set(recipient.id, pending);
    }
    return { pdf: await pending, fileName: `Sertifikat-${serialFileName(recipient.serial)}.pdf` };
  }

  private async entries(ticketCode: string): Promise<Entry[]> {
    const found = isTicketCode(ticketCode) ? await repo.certificatesOfCode(this.db, ticketCode) : undefined;
    if (!found) throw notFound();
    const { reg, progress, rows } = found;
    // Only a confirmed registration holds certificates here (one awaiting approval, cancelled or refunded does not).
    if (reg.status !== 'confirmed') return [];
    const out: Entry[] = [];
    for (const row of rows) {
      const name = row.groupName ? `${row.eventName ?? ''} · ${row.groupName}` : row.eventName ?? '';
      const base = { certificateId: row.id, name, recipientId: row.recipientId };
      if (row.recipientId) {
        const needed = row.rules ? sessionsNeeded(row.rules, progress.sessionCount) : 0;
        out.push({ ...base, status: 'ready', missing: [], sessionsNeeded: needed, downloadUrl: participantCertificatePath(ticketCode, row.id) });
      } else if (row.recipientType === 'eligible' && row.rules) {
        const needed = sessionsNeeded(row.rules, progress.sessionCount);
        const missing: ParticipantCertMissing[] = [];
        if (row.rules.evaluationRequired && !progress.answered) missing.push('evaluation');
        if (progress.sessions < needed) missing.push('sessions');
        out.push({ ...base, status: 'not_yet', missing, sessionsNeeded: needed });
      } else if (row.recipientType === 'attendees') {
        // Attended, not in the batch yet: the organizer's next publish adds them.
        out.push({ ...base, status: 'not_yet', missing: reg.checkedInAt ? [] : ['sessions'], sessionsNeeded: 0 });
      }
    }
    return out;
  }
}
