import type { FastifyInstance } from 'fastify';
import type { ParticipantCertificate } from '@eo/contract';
import type { Db } from '../../db/client.js';
import type { EntryAssets } from '../../lib/public-assets.js';
import type { RegistrationService } from '../platform/registration.service.js';
import type { ProofOfWorkGate } from '../proof-of-work/proof-of-work.gate.js';
import type { UploadService } from '../uploads/uploads.service.js';
import type { WaitlistService } from '../seats/waitlist.service.js';
import { publicRegistrationRoutes, type TicketEvaluation } from './public-registration.routes.js';
import { PublicRegistrationService } from './public-registration.service.js';

/** Registration on the public pages: through the platform module's RegistrationService and the uploads module's service. */
export function createPublicRegistrationModule({ db, registrations, waitlist, uploads, proofOfWork, publicUrl, siteName, assets, frameAssets, uploadCaps, certificates, evaluation }: {
  db: Db; registrations: RegistrationService; waitlist: WaitlistService; uploads: UploadService; proofOfWork: ProofOfWorkGate; publicUrl: string;
  /** Keys the senders' daily hashes (config.jwtSecret); unnamed answer bytes an address may send an hour. */
  uploadCaps: { secret: string; senderBytesPerHour: number };
  /** The site's name on the e-ticket page (config.publicSiteName). */
  siteName: string;
  /** The e-ticket page's attendance script (ATTENDANCE_ENTRY of the web build). */
  assets: EntryAssets;
  /** The embedded form's frame script (EMBED_FRAME_ENTRY), on the e-ticket the frame shows. */
  frameAssets?: EntryAssets;
  /** The holder's certificates, listed on the e-ticket page (the certificates module's participants service). */
  certificates?: { forTicket(ticketCode: string): Promise<ParticipantCertificate[]> };
  /** The e-ticket page's "Evaluasi" section (the evaluation module's service). */
  evaluation: TicketEvaluation;
}) {
  const service = new PublicRegistrationService(db, registrations, uploads, uploadCaps, waitlist);
  return { routes: (app: FastifyInstance) => publicRegistrationRoutes(app, service, { proofOfWork, publicUrl, siteName, assets, frameAssets, certificates, evaluation }) };
}
