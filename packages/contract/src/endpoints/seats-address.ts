import type { EndpointAddress } from '../endpoint.js';

/**
 * The participants' seat calls (API.md, Seats), apart from their schemas: the public pages'
 * scripts import these addresses and their texts only, no zod.
 */
export const SEATS_PUBLIC_ADDRESS = {
  cancelOwn: { method: 'POST', path: '/v1/public/tickets/:ticketCode/cancel', access: 'public' },
  joinWaitlist: { method: 'POST', path: '/v1/public/events/:eventId/waitlist', access: 'public' },
  acceptOffer: { method: 'POST', path: '/v1/public/waitlist-offers/:token/accept', access: 'public' },
  offerPage: { method: 'GET', path: '/e/:eventId/tawaran/:token', access: 'public' },
} as const satisfies Record<string, EndpointAddress>;

/** `/e/{eventId}/tawaran/{token}`: a waiting-list offer's page, the mail's link. */
export const offerPath = (eventId: string, token: string) => `/e/${encodeURIComponent(eventId)}/tawaran/${encodeURIComponent(token)}`;
