import { emptyAnswer, endpoint, htmlAnswer } from '../endpoint.js';
import { PUBLIC_TWIBBON_ADDRESS } from './public-twibbon-address.js';
import { publicTwibbonParamsSchema, publicTwibbonResponseSchema } from '../schemas/public-twibbon.js';

const tags = ['public'] as const;

/**
 * The twibbon maker of a published, approved, not deleted event (API.md, Public
 * pages). No token; any other event's key answers 404. The photo never reaches the server:
 * only each download is counted.
 */
export const PUBLIC_TWIBBONS = {
  get: endpoint({
    ...PUBLIC_TWIBBON_ADDRESS.get, tags, params: publicTwibbonParamsSchema,
    status: 200, response: publicTwibbonResponseSchema,
  }),
  /** One download of the made picture, counted on today's WIB day (rate-limited per address). */
  use: endpoint({
    ...PUBLIC_TWIBBON_ADDRESS.use, tags, params: publicTwibbonParamsSchema,
    status: 204, response: emptyAnswer, answer: 'empty',
  }),
  /** The maker page, rendered on the server (title and Open Graph tags); 404 with a page of its own. */
  page: endpoint({
    ...PUBLIC_TWIBBON_ADDRESS.page, tags, params: publicTwibbonParamsSchema,
    status: 200, response: htmlAnswer('The twibbon maker page'), answer: 'html', produces: ['text/html'], hide: true,
  }),
};
