import { z } from 'zod';
import { endpoint, htmlAnswer } from '../endpoint.js';
import { EVENT_MESSAGES_ADDRESS } from './event-messages-address.js';
import { resultEnvelope } from '../schemas/common.js';
import { messageParamsSchema } from '../schemas/event-messages.js';
import { whatsappSummarySchema, whatsappVerifyQuerySchema } from '../whatsapp.js';

const tags = ['whatsapp'] as const;

/**
 * The Cloud API's webhook (API.md "WhatsApp"): Meta calls it, so it is public; a POST counts only
 * with a valid `X-Hub-Signature-256` over its raw body (401 without), and both answer 404 while
 * WhatsApp is not configured. The body is read raw (the signature covers its bytes), so it is not
 * declared here: the route parses it once the signature holds.
 */
export const WHATSAPP = {
  /** Meta's verification handshake: the challenge echoed as text, 403 for a wrong verify token. */
  verify: endpoint({
    method: 'GET', path: '/v1/whatsapp/webhook', tags, access: 'public', query: whatsappVerifyQuerySchema,
    status: 200, response: htmlAnswer('hub.challenge, as sent'), answer: 'html', produces: ['text/plain'],
  }),
  /** Status callbacks and inbound messages (STOP); 200 once recorded. */
  webhook: endpoint({
    method: 'POST', path: '/v1/whatsapp/webhook', tags, access: 'public',
    status: 200, response: z.object({ received: z.literal(true) }),
  }),
  /** The event's WhatsApp messages by kind and status, beside the message history. */
  summary: endpoint({
    ...EVENT_MESSAGES_ADDRESS.whatsapp, tags, action: 'messages.read', params: messageParamsSchema,
    status: 200, response: resultEnvelope(whatsappSummarySchema),
  }),
};
