import type { EndpointAddress } from '../endpoint.js';

/**
 * The public twibbon maker's calls, in a module of their own: the maker's script (its own entry
 * of the web build) imports this and its texts only, so it shares no chunk with the dashboard.
 */
export const PUBLIC_TWIBBON_ADDRESS = {
  get: { method: 'GET', path: '/v1/public/twibbons/:customKey', access: 'public' },
  use: { method: 'POST', path: '/v1/public/twibbons/:customKey/uses', access: 'public' },
  page: { method: 'GET', path: '/t/:customKey', access: 'public' },
} as const satisfies Record<string, EndpointAddress>;
