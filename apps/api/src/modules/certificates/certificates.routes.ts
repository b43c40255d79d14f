import type { FastifyInstance } from 'fastify';
import { CERT_MSG, CERTIFICATES, type CertificateVerification } from '@eo/contract';
import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import type { FileStorage } from '../../lib/file-storage.js';
import { notFound } from '../../lib/errors.js';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { CertificatePreviewService } from './certificate-preview.service.js';
import { findIssued } from './certificates.repository.js';
import { CertificatesService } from './certificates.service.js';
import { verifyPage } from './verify-page.js';

/** Constant-time; byte lengths compared first (timingSafeEqual throws on a mismatch, e.g. `é` against `e`). */
function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Only a certificate that was actually issued (rendered) can be verified; its details only
 * with its token, since serials are sequential and would list every co-recipient's name.
 */
async function verification(db: Db, serial: string, token: string | undefined): Promise<CertificateVerification | null> {
  const found = await findIssued(db, serial);
  if (!found?.renderedAt) return null;
  if (!(token && sameToken(token, found.verifyToken))) return { serial: found.serial, withToken: false };
  return {
    serial: found.serial, withToken: true, recipientName: found.name, eventName: found.eventName ?? '',
    eventDate: found.eventDate?.toISOString() ?? null, issuedAt: (found.mailedAt ?? found.renderedAt).toISOString(),
  };
}

export function certificatesRoutes(app: FastifyInstance, db: Db, storage: FileStorage, config?: Pick<Config, 'preview' | 'certRecipientsPerDay'>) {
  const certificates = new CertificatesService(db, config?.certRecipientsPerDay);
  const previews = new CertificatePreviewService(db, storage, config?.preview);

  route(app, CERTIFICATES.list, async (request) => ({ data: await certificates.list(callerOf(request), request.query) }));

  route(app, CERTIFICATES.get, async (request) => ({ data: { result: await certificates.get(callerOf(request), request.params.id) } }));

  route(app, CERTIFICATES.create, async (request) => {
    const result = await certificates.create(callerOf(request), request.body);
    return { message: request.body.isDraft ? CERT_MSG.draftCreated : CERT_MSG.created, data: { result } };
  });

  route(app, CERTIFICATES.update, async (request) => ({
    message: request.body.isDraft ? CERT_MSG.draftEdited : CERT_MSG.edited,
    data: { result: await certificates.update(callerOf(request), request.params.id, request.body) },
  }), {
    // Someone else's (or no) certificate is a 404 before the body is judged: a 400 would tell
    // that the id exists.
    preValidation: async (request) => certificates.get(callerOf(request), (request.params as { id: string }).id).then(() => undefined),
  });

  route(app, CERTIFICATES.preview, async (request) => ({ data: { data: { result: { data: await previews.preview(callerOf(request), request.body) } } } }));

  route(app, CERTIFICATES.verify, async (request) => {
    const found = await verification(db, request.params.serial, request.query.t);
    if (!found) throw notFound();
    return { data: { result: found } };
  });

  route(app, CERTIFICATES.verifyPage, async (request, reply) => {
    const found = await verification(db, request.params.serial, request.query.t);
    return reply.status(found ? 200 : 404).type('text/html; charset=utf-8').send(verifyPage(found, request.params.serial));
  });
}
