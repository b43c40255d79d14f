import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../lib/file-storage.js';
import { CertificatePreviewService } from './certificate-preview.service.js';
import { CertificateVerifyService } from './certificate-verify.service.js';
import { certificatesRoutes } from './certificates.routes.js';
import { CertificatesService } from './certificates.service.js';

export function createCertificatesModule({ db, storage, config }: {
  db: Db; storage: FileStorage; config: Pick<Config, 'preview' | 'certRecipientsPerDay'>;
}) {
  const services = {
    certificates: new CertificatesService(db, config.certRecipientsPerDay),
    previews: new CertificatePreviewService(db, storage, config.preview),
    verifier: new CertificateVerifyService(db),
  };
  return { routes: (app: FastifyInstance) => certificatesRoutes(app, services) };
}
