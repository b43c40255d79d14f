import { endpoint } from '../endpoint.js';
import { registrantListResponseSchema } from '../schemas/participants.js';
import { decisionsBodySchema, decisionsResponseSchema, pendingQuerySchema, seatEventParamsSchema } from '../schemas/seats.js';

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
};
