import { buffer } from 'node:stream/consumers';
import { CERT_OWN_MSG, fill, previewMissing, serialNumber, type CertificatePreviewInput } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { findPermittedUpload, Permission, requireEvent } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { ConcurrencyGate, GateBusyError } from '../../lib/concurrency-gate.js';
import { DomainError, ERROR_CODE, invalid, invalidField } from '../../lib/errors.js';
import type { FileStore } from '../../lib/storage/storage.js';
import { templatePathOf } from './template-path.js';


export interface PreviewLimits { concurrency: number; perOrganizer: number; waitMs: number }

/**
 * `POST v1/certificates/preview`: the organizer's template with the sample name and the first
 * serial, drawn by the same renderer the publishing job uses, as a PNG data URL. Memory is
 * bounded twice: at most `concurrency` previews render at once (`perOrganizer` each; a call
 * waits up to `waitMs`, then 429), and each is drawn at most PREVIEW_MAX_PIXELS, the template
 * shrunk while it is decoded.
 */
export class CertificatePreviewService {
  private readonly gate: ConcurrencyGate;

  constructor(private readonly db: Db, private readonly storage: FileStore, limits: PreviewLimits = { concurrency: 2, perOrganizer: 1, waitMs: 5000 }) {
    this.gate = new ConcurrencyGate(limits.concurrency, limits.perOrganizer, limits.waitMs);
  }

  async preview(caller: Caller, input: CertificatePreviewInput): Promise<string> {
    const missing = previewMissing(input);
    if (missing) throw invalid(missing);
    await requireEvent(this.db, caller, Permission.EventCertify, input.eventId!, { orElse: () => invalidField(CERT_OWN_MSG.eventNotFound, 'eventId') });
    const file = await this.template(caller, input.templateBackgroundUrl!);
    const png = await this.gate.run(caller.userId, async () => {
      // Loaded on the first preview (canvas and sharp: tens of MB an idle API process need not hold).
      const { prepareTemplate, PREVIEW_MAX_PIXELS, renderCertificate } = await import('./render/render-certificate.js');
      const template = await prepareTemplate(file, PREVIEW_MAX_PIXELS);
      const rendered = await renderCertificate({
        template,
        objects: input.templateObjects,
        texts: { recipientName: input.recipientName, serialNumber: serialNumber(input.serialNumberPrefix!, 1, 1) },
        jpeg: false,
      });
      return rendered.png;
    }).catch((e: unknown) => {
      if (!(e instanceof GateBusyError)) throw e;
      const seconds = e.retryAfterSeconds;
      throw new DomainError(ERROR_CODE.previewBusy, fill(CERT_OWN_MSG.previewBusy, { seconds }), { retryAfterSeconds: seconds });
    });
    return `data:image/png;base64,${png.toString('base64')}`;
  }

  /** The caller's uploaded template image. */
  async template(caller: Caller, url: string): Promise<Buffer> {
    const rel = templatePathOf(url);
    const file = rel && await findPermittedUpload(this.db, caller, Permission.UploadAttach, { path: rel }, 'CertificateTemplate') ? await this.storage.open(rel) : null;
    if (!file) throw invalidField(CERT_OWN_MSG.templateUnreadable, 'templateBackgroundUrl');
    return buffer(file.stream);
  }
}
