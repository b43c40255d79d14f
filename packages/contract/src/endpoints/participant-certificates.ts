import { endpoint, fileAnswer } from '../endpoint.js';
import {
  participantCertificateFileParamsSchema, participantCertificatesParamsSchema, participantCertificatesResponseSchema,
} from '../schemas/certificate-rules.js';

const tags = ['certificates'] as const;

/**
 * A participant's own certificates, by their e-ticket's code (API.md, "Sessions, evaluation and
 * certificate rules"): no token, rate limited like the other e-ticket calls. An unknown code: 404.
 */
export const PARTICIPANT_CERTIFICATES = {
  /** The published certificates of the ticket's event that apply to its holder: ready, or what is missing. */
  list: endpoint({
    method: 'GET', path: '/v1/public/tickets/:ticketCode/certificates', access: 'public', tags,
    params: participantCertificatesParamsSchema, status: 200, response: participantCertificatesResponseSchema,
  }),
  /** The holder's certificate as PDF (with its verify QR), rendered on this request when the batch has not yet. */
  pdf: endpoint({
    method: 'GET', path: '/v1/public/tickets/:ticketCode/certificates/:certificateId/pdf', access: 'public', tags,
    params: participantCertificateFileParamsSchema, status: 200, response: fileAnswer('The certificate as PDF'), answer: 'file', produces: ['application/pdf'],
  }),
};
