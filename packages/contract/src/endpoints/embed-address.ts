/**
 * The embeddable registration form (API.md, Integrations), in a module without zod: the host
 * page's script (`/embed.js`) and the frame's own script import only this.
 */

/** `/e/{eventId}/embed`: the registration form alone, the one page another site may frame. */
export const embedPath = (eventId: string) => `/e/${encodeURIComponent(eventId)}/embed`;

/** The e-ticket as the frame shows it after registering (no forms: those stay on the full page). */
export const embedTicketPath = (eventId: string, ticketCode: string) =>
  `${embedPath(eventId)}/ticket/${encodeURIComponent(ticketCode)}`;

/** The host page's script, on the app's public origin. */
export const EMBED_SCRIPT_PATH = '/embed.js';

/** The frame tells its host its height with this message type: `{ type, height }`. */
export const EMBED_MESSAGE_TYPE = 'eo-embed:height';
