import type { EndpointAddress } from '../endpoint.js';

/**
 * The participant's evaluation call: the e-ticket page's script sends answers without zod, so its
 * address lives apart from the endpoint's schemas (endpoints/evaluation.ts).
 */
export const EVALUATION_ADDRESS = {
  answer: { method: 'POST', path: '/v1/public/tickets/:ticketCode/evaluation', access: 'public' },
} as const satisfies Record<string, EndpointAddress>;
