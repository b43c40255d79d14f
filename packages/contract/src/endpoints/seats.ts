import { endpoint } from '../endpoint.js';
import { registrantListResponseSchema } from '../schemas/participants.js';
import {
  cancelledResponseSchema, cancelOwnBodySchema, cancelOwnParamsSchema, cancelRegistrantBodySchema, cancelRegistrantParamsSchema,
  decisionsBodySchema, decisionsResponseSchema, pendingQuerySchema, seatEventParamsSchema,
} from '../schemas/seats.js';
import { SEATS_PUBLIC_ADDRESS } from './seats-address.js';

const tags = ['seats'] as const;

/** Seats (API.md, "Seats"): the organizer's side, `participants.manage` (owner, admin). */
export const SEATS = {
  pending: endpoint({
    action: 'participants.manage', method: 'GET', path: '/v1/events/:id/registrations/pending', tags,
    params: seatEventParamsSchema, query: pendingQuerySchema, status: 200, response: registrantListResponseSchema,
  }),
  /** Approve (takes a seat, or TICKET_SOLD_OUT for that person) or decline, each person mailed. */
  decide: endpoint({
    action: 'participants.manage', method: 'POST', path: '/v1/events/:id/registrations/decisions', tags,
    params: seatEventParamsSchema, body: decisionsBodySchema, status: 200, response: decisionsResponseSchema,
  }),
  /** A free registration, confirmed or pending, cancelled by the organizer; the person is mailed the reason. */
  cancel: endpoint({
    action: 'participants.manage', method: 'POST', path: '/v1/events/:id/registrants/:registrantId/cancel', tags,
    params: cancelRegistrantParamsSchema, body: cancelRegistrantBodySchema, status: 200, response: cancelledResponseSchema,
  }),
  /**
   * The participant cancels from the e-ticket page, until the event's cancellation deadline (or
   * its start): 409 CANCELLATION_CLOSED, ALREADY_CHECKED_IN, PAID_TICKET_IN_APP.
   */
  cancelOwn: endpoint({ ...SEATS_PUBLIC_ADDRESS.cancelOwn, tags, params: cancelOwnParamsSchema, body: cancelOwnBodySchema, status: 200, response: cancelledResponseSchema }),
};
