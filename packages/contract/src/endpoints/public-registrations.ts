import { z } from 'zod';
import { endpoint, fileAnswer, htmlAnswer } from '../endpoint.js';
import { publicEventParamsSchema } from '../schemas/public-events.js';
import { PUBLIC_REGISTRATION_ADDRESS as A } from './public-registration-address.js';
import { PROOF_OF_WORK } from '../proof-of-work.js';
import { messageResponseSchema } from '../schemas/common.js';
import {
  eTicketResponseSchema, publicRegistrationBodySchema, publicRegistrationResponseSchema, publicTicketParamsSchema, publicTicketResendBodySchema,
  publicUploadResponseSchema,
} from '../schemas/public-registrations.js';

const tags = ['public'] as const;
const access = 'public' as const;

/**
 * Public pages' calls (API.md "Public pages"): no token; only published, approved,
 * not deleted events; per-address rate limits on the writes.
 */
export const PUBLIC_REGISTRATION = {
  register: endpoint({
    ...A.register, tags, params: publicEventParamsSchema,
    body: publicRegistrationBodySchema, status: 201, response: publicRegistrationResponseSchema,
  }),
  /**
   * `multipart/form-data`: one `file` and its `questionId`. Stored privately for the event's
   * organization. The solved proof-of-work challenge travels in `X-Altcha`, checked before the body is read.
   */
  upload: endpoint({
    ...A.upload, tags, params: publicEventParamsSchema, headers: z.object({ [PROOF_OF_WORK.header]: z.string().optional() }),
    consumes: ['multipart/form-data'], status: 201, response: publicUploadResponseSchema,
  }),
  /**
   * "Kirim ulang e-tiket": queues the e-ticket mail again for each confirmed registration of the
   * event made with this email (matched as the one-per-email rule matches it), each at most once
   * every TICKET_RESEND_MINUTES. 202 with one and the same answer whether or not any exists.
   */
  resendTickets: endpoint({
    ...A.resendTickets, tags, params: publicEventParamsSchema, body: publicTicketResendBodySchema, status: 202, response: messageResponseSchema,
  }),
  ticket: endpoint({
    method: 'GET', path: '/v1/public/tickets/:ticketCode', tags, access, params: publicTicketParamsSchema,
    status: 200, response: eTicketResponseSchema,
  }),
  /** The e-ticket's page (linked from its mail): the QR code, the details, "add to calendar". */
  ticketPage: endpoint({
    ...A.ticketPage, tags, params: publicEventParamsSchema.extend(publicTicketParamsSchema.shape),
    /** `baru=1`: opened by the form right after registering; the page says so. */
    query: z.object({ baru: z.string().max(5).optional() }),
    status: 200, response: htmlAnswer('The e-ticket page'), answer: 'html', produces: ['text/html'], hide: true,
  }),
  /**
   * The e-ticket as the embedded form shows it after registering: the QR code and details, no
   * forms (cancelling and the rest stay on the full page, which no other site may frame).
   */
  embedTicketPage: endpoint({
    method: 'GET', path: '/e/:eventId/embed/ticket/:ticketCode', tags, access, params: publicEventParamsSchema.extend(publicTicketParamsSchema.shape),
    query: z.object({ baru: z.string().max(5).optional() }),
    status: 200, response: htmlAnswer('The e-ticket in the embedded form'), answer: 'html', produces: ['text/html'], hide: true,
  }),
  /** The event's days as an iCalendar file, for the participant's calendar. */
  ticketCalendar: endpoint({
    method: 'GET', path: '/e/:eventId/ticket/:ticketCode/calendar.ics', tags, access, params: publicEventParamsSchema.extend(publicTicketParamsSchema.shape),
    status: 200, response: fileAnswer('The event in iCalendar'), answer: 'file', produces: ['text/calendar'], hide: true,
  }),
};
