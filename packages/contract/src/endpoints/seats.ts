import { z } from 'zod';
import { emptyAnswer, endpoint, htmlAnswer } from '../endpoint.js';
import { publicEventParamsSchema } from '../schemas/public-events.js';
import { publicRegistrationBodySchema } from '../schemas/public-registrations.js';
import { registrantListResponseSchema } from '../schemas/participants.js';
import {
  cancelledResponseSchema, cancelOwnBodySchema, cancelOwnParamsSchema, cancelRegistrantBodySchema, cancelRegistrantParamsSchema,
  decisionsBodySchema, decisionsResponseSchema, offerAcceptResponseSchema, offerParamsSchema, pendingQuerySchema, seatEventParamsSchema,
  waitlistEntryParamsSchema, waitlistJoinResponseSchema, waitlistQuerySchema, waitlistResponseSchema,
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
  /**
   * Joins a sold-out ticket's waiting list with the registration's body (its checks and a solved
   * challenge): 409 ALREADY_ON_WAITLIST; 409 while seats are left or without a waiting list.
   */
  joinWaitlist: endpoint({
    ...SEATS_PUBLIC_ADDRESS.joinWaitlist, tags, params: publicEventParamsSchema, body: publicRegistrationBodySchema, status: 201, response: waitlistJoinResponseSchema,
  }),
  /** Takes the seat an offer holds: a confirmed registration, its e-ticket mailed; 410 OFFER_EXPIRED once lapsed. */
  acceptOffer: endpoint({ ...SEATS_PUBLIC_ADDRESS.acceptOffer, tags, params: offerParamsSchema, status: 201, response: offerAcceptResponseSchema }),
  /** The offer's page: the seat, its deadline and one button (the page's script accepts); 404 and 410 pages otherwise. */
  offerPage: endpoint({
    ...SEATS_PUBLIC_ADDRESS.offerPage, tags, params: z.object({ eventId: z.string().max(100), token: z.string().max(100) }),
    status: 200, response: htmlAnswer('A waiting-list offer'), answer: 'html', produces: ['text/html'], hide: true,
  }),
  waitlist: endpoint({
    action: 'participants.manage', method: 'GET', path: '/v1/events/:id/waitlist', tags,
    params: seatEventParamsSchema, query: waitlistQuerySchema, status: 200, response: waitlistResponseSchema,
  }),
  /** Removes a place; a seat its offer held goes to the next one waiting. */
  removeFromWaitlist: endpoint({
    action: 'participants.manage', method: 'DELETE', path: '/v1/events/:id/waitlist/:waitlistId', tags,
    params: waitlistEntryParamsSchema, status: 204, response: emptyAnswer, answer: 'empty',
  }),
};
