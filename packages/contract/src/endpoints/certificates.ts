import { z } from 'zod';
import { endpoint, htmlAnswer } from '../endpoint.js';
import {
  attendeesCountQuerySchema, attendeesCountSchema, certificateEventSchema, certificateEventsQuerySchema, certificateListQuerySchema, certificateListResponseSchema, certificatePayloadSchema, certificatePreviewResponseSchema, certificatePreviewSchema,
  certificateResponseSchema, certificateVerificationSchema, certificateVerifyQuerySchema,
} from '../schemas/certificates.js';
import { resultEnvelope } from '../schemas/common.js';
import { eligibleCountQuerySchema, eligibleCountResponseSchema } from '../schemas/certificate-rules.js';

const tags = ['certificates'] as const;
const idParams = z.object({ id: z.string().max(100) });
const serialParams = z.object({ serial: z.string().min(1).max(200) });

/** Spec section 9 (E-Certificate) and the public verification of an issued certificate. */
export const CERTIFICATES = {
  list: endpoint({ action: 'certificates', method: 'GET', path: '/v1/certificates', tags, query: certificateListQuerySchema, status: 200, response: certificateListResponseSchema }),
  get: endpoint({ action: 'certificates', method: 'GET', path: '/v1/certificates/:id', tags, params: idParams, status: 200, response: certificateResponseSchema }),
  create: endpoint({ action: 'certificates', method: 'POST', path: '/v1/certificates', tags, body: certificatePayloadSchema, status: 201, response: certificateResponseSchema }),
  update: endpoint({ action: 'certificates', method: 'PUT', path: '/v1/certificates/:id', tags, params: idParams, body: certificatePayloadSchema, status: 200, response: certificateResponseSchema }),
  /** The events a certificate may be made for (see certificateEventSchema), newest first, ten at most. */
  events: endpoint({
    action: 'certificates', method: 'GET', path: '/v1/certificates/events', tags, query: certificateEventsQuerySchema,
    status: 200, response: resultEnvelope(z.array(certificateEventSchema)),
  }),
  /** Before publishing to attendees: how many the event has, and how many have no certificate of this batch yet. */
  attendeesCount: endpoint({
    action: 'certificates', method: 'GET', path: '/v1/certificates/attendees-count', tags, query: attendeesCountQuerySchema,
    status: 200, response: resultEnvelope(attendeesCountSchema),
  }),
  /**
   * Before publishing to those meeting rules: how many meet them now (`rules` as JSON). 400 when
   * a session rule is given for an event without sessions, or asks more sessions than it has.
   */
  eligibleCount: endpoint({
    action: 'certificates', method: 'GET', path: '/v1/certificates/eligible-count', tags, query: eligibleCountQuerySchema,
    status: 200, response: eligibleCountResponseSchema,
  }),
  /**
   * A published certificate for attendees, published again: certificates go to those checked in
   * since, never twice to anyone (409 for a CSV batch, or while it is not published).
   */
  republish: endpoint({
    action: 'certificates', method: 'POST', path: '/v1/certificates/:id/republish', tags, params: idParams, status: 200, response: certificateResponseSchema,
  }),
  preview: endpoint({ action: 'certificates', method: 'POST', path: '/v1/certificates/preview', tags, body: certificatePreviewSchema, status: 200, response: certificatePreviewResponseSchema }),
  /** Anyone holding a certificate (or its link) can check it; details only with its token. */
  verify: endpoint({
    method: 'GET', path: '/v1/certificates/verify/:serial', tags, access: 'public', params: serialParams, query: certificateVerifyQuerySchema,
    status: 200, response: resultEnvelope(certificateVerificationSchema),
  }),
  /** The page a certificate's QR code opens. */
  verifyPage: endpoint({
    method: 'GET', path: '/verify/:serial', tags, access: 'public', params: serialParams, query: certificateVerifyQuerySchema,
    // Also 404 with the same page when no such certificate was issued (not declared: a declared
    // 404 schema would be applied to a JSON error of that status too).
    status: 200, response: htmlAnswer('The verification page'), answer: 'html', produces: ['text/html'], hide: true,
  }),
};
