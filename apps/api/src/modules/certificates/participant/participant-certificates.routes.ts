import type { FastifyInstance } from 'fastify';
import { PARTICIPANT_CERTIFICATES } from '@eo/contract';
import { route } from '../../../plugins/endpoint-route.js';
import type { ParticipantCertificatesService } from './participant-certificates.service.js';

/** A participant's certificates by e-ticket code: no token, rate limited per address (plugins/public-rate-limit.ts). */
export function participantCertificatesRoutes(app: FastifyInstance, service: ParticipantCertificatesService) {
  route(app, PARTICIPANT_CERTIFICATES.list, async (request, reply) => {
    // The code is the ticket's secret: never cached by a shared proxy.
    reply.header('cache-control', 'private, no-store');
    return { data: { result: await service.forTicket(request.params.ticketCode) } };
  });

  route(app, PARTICIPANT_CERTIFICATES.pdf, async (request, reply) => {
    const { pdf, fileName } = await service.pdf(request.params.ticketCode, request.params.certificateId);
    return reply.header('cache-control', 'private, no-store').type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`).send(pdf);
  });
}
