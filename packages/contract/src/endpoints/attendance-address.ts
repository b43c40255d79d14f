import type { EndpointAddress } from '../endpoint.js';

/**
 * The public attendance call: the e-ticket page's script calls it without zod, so its
 * address lives apart from the endpoint's schemas.
 */
export const ATTENDANCE_ADDRESS = {
  attend: { method: 'POST', path: '/v1/public/attendance', access: 'public' },
} as const satisfies Record<string, EndpointAddress>;
