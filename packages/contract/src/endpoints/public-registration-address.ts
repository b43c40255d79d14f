import type { EndpointAddress } from '../endpoint.js';

/**
 * The public registration's calls, in a module of their own: the event page's form script (its
 * own entry of the web build) imports this and its texts only, so it carries no zod and shares
 * no chunk with the dashboard.
 */
export const PUBLIC_REGISTRATION_ADDRESS = {
  register: { method: 'POST', path: '/v1/public/events/:eventId/registrations', access: 'public' },
  upload: { method: 'POST', path: '/v1/public/events/:eventId/uploads', access: 'public' },
  ticketPage: { method: 'GET', path: '/e/:eventId/ticket/:ticketCode', access: 'public' },
  resendTickets: { method: 'POST', path: '/v1/public/events/:eventId/tickets/resend', access: 'public' },
} as const satisfies Record<string, EndpointAddress>;

/** `/e/{eventId}/ticket/{ticketCode}`: where a participant lands after registering, and the mail's link. */
export const eTicketPath = (eventId: string, ticketCode: string) =>
  `/e/${encodeURIComponent(eventId)}/ticket/${encodeURIComponent(ticketCode)}`;

/** Longest answers the registration takes: a one-line text, a paragraph; and a participant's name. */
export const PUBLIC_ANSWER_MAX = { text: 500, paragraph: 5000, name: 120, email: 254 } as const;

/** An Indonesian mobile number: +62, 62 or 0, then 8 and 7 to 12 digits (spaces and dashes are dropped first). */
export const PUBLIC_PHONE_PATTERN = /^(\+62|62|0)8[0-9]{7,12}$/;

/** How often one registration's e-ticket may be mailed again on request ("Kirim ulang e-tiket"). */
export const TICKET_RESEND_MINUTES = 10;
