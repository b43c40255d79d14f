import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eTicketPath, fill, type PublicEvaluation, PUBLIC_REG_MSG, PUBLIC_REGISTRATION, PUBLIC_RESEND_TEXT, SEATS, UPLOAD_MSG, type ParticipantCertificate } from '@eo/contract';
import type { EntryAssets } from '../../lib/public-assets.js';
import { twibbonPath } from '../../lib/public-html.js';
import { DomainError, ERROR_CODE, invalidField, notFound } from '../../lib/errors.js';
import { route } from '../../plugins/endpoint-route.js';
import type { ProofOfWorkGate } from '../proof-of-work/proof-of-work.gate.js';
import type { IncomingFile } from '../uploads/uploads.service.js';
import type { PublicRegistrationService } from './public-registration.service.js';
import { ticketCalendar } from './ticket-calendar.js';
import { ticketNotFoundPage, ticketPage } from './ticket-page.js';
import { offerNotFoundPage, offerPage } from './offer-page.js';

/** The evaluation module's read of a ticket's form, for the page's "Evaluasi" section (null: none). */
export interface TicketEvaluation { forTicketPage(ticketCode: string, now: Date): Promise<PublicEvaluation | null> }

/** The one file and the `questionId` field of a multipart body, whatever their order. */
async function readAnswerUpload(request: FastifyRequest): Promise<{ questionId?: string; file: IncomingFile }> {
  if (!request.isMultipart()) throw invalidField(UPLOAD_MSG.missingFile, 'file');
  let file: IncomingFile | undefined;
  let questionId: string | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (!file) file = { data, filename: part.filename, truncated: part.file.truncated };
    } else if (part.fieldname === 'questionId') {
      questionId = String(part.value);
    }
  }
  if (!file || file.data.length === 0) throw invalidField(UPLOAD_MSG.missingFile, 'file');
  return { questionId, file };
}

/**
 * The public pages' calls (API.md "Public pages"): no token, rate limited per address
 * (plugins/public-rate-limit.ts); the writes each spend a solved proof-of-work challenge.
 */
export function publicRegistrationRoutes(app: FastifyInstance, service: PublicRegistrationService, { proofOfWork, publicUrl, siteName, assets, frameAssets, certificates, evaluation }: {
  proofOfWork: ProofOfWorkGate; publicUrl: string; siteName: string; assets: EntryAssets; evaluation: TicketEvaluation;
  /** The embedded form's frame script (its e-ticket sizes the frame too). */
  frameAssets?: EntryAssets;
  certificates?: { forTicket(ticketCode: string): Promise<ParticipantCertificate[]> };
}) {
  route(app, PUBLIC_REGISTRATION.register, async (request) => {
    const result = await service.register(request.params.eventId, request.body);
    return { data: { result }, message: fill(PUBLIC_REG_MSG.registered, { email: request.body.participant.email }) };
  }, { preHandler: proofOfWork.inBody });

  route(app, SEATS.joinWaitlist, async (request) => ({ data: { result: await service.joinWaitlist(request.params.eventId, request.body) } }), { preHandler: proofOfWork.inBody });

  route(app, PUBLIC_REGISTRATION.upload, async (request) => {
    const { questionId, file } = await readAnswerUpload(request);
    return { data: { fileId: await service.upload(request.params.eventId, questionId, file, request.ip) } };
  }, { preHandler: proofOfWork.inHeader });

  route(app, PUBLIC_REGISTRATION.resendTickets, async (request) => {
    await service.resendTickets(request.params.eventId, request.body.email);
    return { data: null, message: PUBLIC_RESEND_TEXT.sent };
  }, { preHandler: proofOfWork.inBody });

  route(app, PUBLIC_REGISTRATION.ticket, async (request) => ({ data: { result: await service.ticket(request.params.ticketCode) } }));

  /** The ticket of this event with this code, or null (an unknown code, or one of another event). */
  const ticketOf = async (eventId: string, code: string) => {
    const found = await service.ticketPage(code).catch((err: unknown) => { if (err instanceof DomainError && err.code === ERROR_CODE.notFound) return null; throw err; });
    return found && found.ticket.event.id === eventId ? found : null;
  };
  
  route(app, PUBLIC_REGISTRATION.ticketPage, async (request, reply) => {
    const { eventId, ticketCode } = request.params;
    const found = await ticketOf(eventId, ticketCode);
    // The code is the ticket's secret: never cached by a shared proxy.
    reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8');
    if (!found) return reply.status(404).send(ticketNotFoundPage(siteName));
    const path = eTicketPath(eventId, ticketCode);
    const links = { calendar: `${path}/calendar.ics`, event: `/e/${encodeURIComponent(eventId)}`, twibbon: found.twibbonKey ? twibbonPath(found.twibbonKey) : null };
    const now = new Date();
    // Both sections are a confirmed ticket's only (evaluationSection, certificates' entries).
    const confirmed = found.ticket.status === 'confirmed';
    const [form, held] = await Promise.all([
      confirmed && found.sections.evaluation ? evaluation.forTicketPage(ticketCode, now) : null,
      confirmed && found.sections.certificates && certificates ? certificates.forTicket(ticketCode) : [],
    ]);
    return reply.send(await ticketPage(found.ticket, links, { justRegistered: request.query.baru === '1', assets, siteName, certificates: held, evaluation: form, now }));
  });

  // The e-ticket in the embedded form's frame: the same ticket, without its forms (ticketPage's `embed`).
  route(app, PUBLIC_REGISTRATION.embedTicketPage, async (request, reply) => {
    const { eventId, ticketCode } = request.params;
    const found = await ticketOf(eventId, ticketCode);
    reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8');
    if (!found) return reply.status(404).send(ticketNotFoundPage(siteName));
    const links = { calendar: '', event: `/e/${encodeURIComponent(eventId)}`, twibbon: found.twibbonKey ? twibbonPath(found.twibbonKey) : null };
    return reply.send(await ticketPage(found.ticket, links, {
      justRegistered: request.query.baru === '1', siteName, embed: { fullTicket: eTicketPath(eventId, ticketCode), assets: frameAssets },
    }));
  });

  route(app, SEATS.offerPage, async (request, reply) => {
    const offer = await service.offer(request.params.eventId, request.params.token);
    // The token is the offer's secret: never cached by a shared proxy.
    reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8');
    if (!offer) return reply.status(404).send(offerNotFoundPage(siteName));
    const page = offerPage(offer, { now: new Date(), assets, siteName });
    return reply.status(page.status).send(page.html);
  });

  route(app, PUBLIC_REGISTRATION.ticketCalendar, async (request, reply) => {
    const { eventId, ticketCode } = request.params;
    const ticket = (await ticketOf(eventId, ticketCode))?.ticket;
    if (!ticket) throw notFound(PUBLIC_REG_MSG.ticketNotFound);
    const url = `${publicUrl.replace(/\/$/, '')}${eTicketPath(eventId, ticketCode)}`;
    return reply.header('cache-control', 'private, no-store').type('text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="event.ics"')
      .send(ticketCalendar(ticket, { url, host: new URL(publicUrl).host }));
  });
}
