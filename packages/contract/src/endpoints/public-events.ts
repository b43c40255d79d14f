import { endpoint, htmlAnswer } from '../endpoint.js';
import { publicEventParamsSchema, publicEventResponseSchema } from '../schemas/public-events.js';

const tags = ['public'] as const;
const access = 'public' as const;

/** Public pages (API.md): no token; only published, approved, not deleted events, anything else 404. */
export const PUBLIC_EVENTS = {
  get: endpoint({
    method: 'GET', path: '/v1/public/events/:eventId', tags, access, params: publicEventParamsSchema,
    status: 200, response: publicEventResponseSchema,
  }),
  /** The event page, rendered on the server (Open Graph tags for link previews); no script needed. */
  page: endpoint({
    method: 'GET', path: '/e/:eventId', tags, access, params: publicEventParamsSchema,
    // Also 404 with an HTML page for an unknown or unpublished event (not declared: a declared 404
    // schema would be applied to a JSON error of that status too).
    status: 200, response: htmlAnswer('The public event page'), answer: 'html', produces: ['text/html'], hide: true,
  }),
};

/** The public page of an event, on the app's public origin. */
export const publicEventPath = (eventId: string) => `/e/${encodeURIComponent(eventId)}`;
