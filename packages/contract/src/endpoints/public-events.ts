import { endpoint, fileAnswer, htmlAnswer } from '../endpoint.js';
import { publicEventPageQuerySchema, publicEventParamsSchema, publicEventQuerySchema, publicEventResponseSchema } from '../schemas/public-events.js';

const tags = ['public'] as const;
const access = 'public' as const;

/** Public pages (API.md): no token; only published, approved, not deleted events, anything else 404. */
export const PUBLIC_EVENTS = {
  get: endpoint({
    method: 'GET', path: '/v1/public/events/:eventId', tags, access, params: publicEventParamsSchema, query: publicEventQuerySchema,
    status: 200, response: publicEventResponseSchema,
  }),
  /** The event page, rendered on the server (Open Graph tags for link previews); no script needed. */
  page: endpoint({
    method: 'GET', path: '/e/:eventId', tags, access, params: publicEventParamsSchema, query: publicEventPageQuerySchema,
    // Also 404 with an HTML page for an unknown or unpublished event (not declared: a declared 404
    // schema would be applied to a JSON error of that status too).
    status: 200, response: htmlAnswer('The public event page'), answer: 'html', produces: ['text/html'], hide: true,
  }),
  /**
   * The registration form alone, for another site's frame (API.md, Integrations; `/embed.js`):
   * the one page any origin may frame (`frame-ancestors *`). 404 page like the event page's.
   */
  embed: endpoint({
    method: 'GET', path: '/e/:eventId/embed', tags, access, params: publicEventParamsSchema, query: publicEventPageQuerySchema,
    status: 200, response: htmlAnswer('The registration form for a frame'), answer: 'html', produces: ['text/html'], hide: true,
  }),
  /**
   * The link-preview image (og:image): the poster on a 1200 × 630 landscape card, the shape
   * WhatsApp and Facebook show whole. JPEG: a photo-like card is a tenth of its PNG's size.
   */
  ogImage: endpoint({
    method: 'GET', path: '/e/:eventId/og.jpg', tags, access, params: publicEventParamsSchema,
    status: 200, response: fileAnswer('A 1200 × 630 JPEG'), answer: 'file', produces: ['image/jpeg'], hide: true,
  }),
};

/** The link-preview image's size, as og:image:width and og:image:height say. */
export const OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The public page of an event, on the app's public origin. */
export const publicEventPath = (eventId: string) => `/e/${encodeURIComponent(eventId)}`;
/** The event's link-preview image, on the app's public origin. */
export const publicEventOgImagePath = (eventId: string) => `${publicEventPath(eventId)}/og.jpg`;
