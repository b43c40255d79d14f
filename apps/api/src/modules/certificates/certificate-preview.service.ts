import { buffer } from 'node:stream/consumers';
import { CERT_OWN_MSG, previewMissing, serialNumber, type CertificatePreviewInput } from '@eo/contract';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/file-storage.js';
import { isUuid } from '../../lib/ids.js';
import { ownerScope } from '../../lib/scope.js';
import { findScopedEvent } from '../events/event-detail.repository.js';
import { ownedUpload } from './certificates.repository.js';
import { templatePathOf } from './certificates.service.js';
import { renderCertificate } from './render/render-certificate.js';

const invalid = (message: string, path: string) => new AppError(400, message, 'VALIDATION_ERROR', [{ message, path }]);

/**
 * `POST v1/certificates/preview`: the organizer's template with the sample name and the first
 * serial, drawn by the same renderer the publishing job uses, as a PNG data URL.
 */
export class CertificatePreviewService {
  constructor(private readonly db: Db, private readonly storage: FileStorage) {}

  async preview(caller: Caller, input: CertificatePreviewInput): Promise<string> {
    const missing = previewMissing(input);
    if (missing) throw new AppError(400, missing, 'VALIDATION_ERROR');
    const own = ownerScope({ ...caller, isAdmin: false });
    if (!(isUuid(input.eventId!) && await findScopedEvent(this.db, own, input.eventId!))) throw invalid(CERT_OWN_MSG.eventNotFound, 'eventId');
    const template = await this.template(caller, input.templateBackgroundUrl!);
    const { png } = await renderCertificate({
      template,
      objects: input.templateObjects,
      texts: { recipientName: input.recipientName, serialNumber: serialNumber(input.serialNumberPrefix!, 1, 1) },
    });
    return `data:image/png;base64,${png.toString('base64')}`;
  }

  /** The caller's uploaded template image. */
  async template(caller: Caller, url: string): Promise<Buffer> {
    const rel = templatePathOf(url);
    const file = rel && await ownedUpload(this.db, caller.userId, { path: rel }, 'CertificateTemplate') ? await this.storage.open(rel) : null;
    if (!file) throw invalid(CERT_OWN_MSG.templateUnreadable, 'templateBackgroundUrl');
    return buffer(file.stream);
  }
}
