import type { FastifyInstance } from 'fastify';
import { CERT_ATTENDEES_MSG, CERT_MSG, CERTIFICATES } from '@eo/contract';
import { notFound } from '../../lib/errors.js';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { CertificatePreviewService } from './certificate-preview.service.js';
import type { CertificateVerifyService } from './certificate-verify.service.js';
import type { CertificatesService } from './certificates.service.js';
import { verifyPage } from './verify-page.js';

export function certificatesRoutes(app: FastifyInstance, { certificates, previews, verifier }: {
  certificates: CertificatesService; previews: CertificatePreviewService; verifier: CertificateVerifyService;
}) {
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

  route(app, CERTIFICATES.events, async (request) => ({ data: { result: await certificates.events(callerOf(request), request.query.name) } }));

  route(app, CERTIFICATES.attendeesCount, async (request) => ({
    data: { result: await certificates.attendeesCount(callerOf(request), request.query.eventId, request.query.certificateId) },
  }));

  route(app, CERTIFICATES.eligibleCount, async (request) => ({
    data: { eligible: await certificates.eligibleCount(callerOf(request), request.query.eventId, request.query.rules) },
  }));

  route(app, CERTIFICATES.republish, async (request) => ({
    message: CERT_ATTENDEES_MSG.republished,
    data: { result: await certificates.republish(callerOf(request), request.params.id) },
  }));

  route(app, CERTIFICATES.preview, async (request) => ({ data: { data: { result: { data: await previews.preview(callerOf(request), request.body) } } } }));

  route(app, CERTIFICATES.verify, async (request) => {
    const found = await verifier.verify(request.params.serial, request.query.t);
    if (!found) throw notFound();
    return { data: { result: found } };
  });

  route(app, CERTIFICATES.verifyPage, async (request, reply) => {
    const found = await verifier.verify(request.params.serial, request.query.t);
    return reply.status(found ? 200 : 404).type('text/html; charset=utf-8').send(verifyPage(found, request.params.serial));
  });
}
