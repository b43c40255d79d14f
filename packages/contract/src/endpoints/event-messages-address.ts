import type { EndpointAddress } from '../endpoint.js';

/**
 * The Pesan screen's calls, by address: the screen calls them without zod (`callAt`),
 * like the check-in screen.
 */
export const EVENT_MESSAGES_ADDRESS = {
  list: { method: 'GET', path: '/v1/events/:id/messages', access: 'user' },
  create: { method: 'POST', path: '/v1/events/:id/messages', access: 'user' },
  get: { method: 'GET', path: '/v1/events/:id/messages/:messageId', access: 'user' },
  cancel: { method: 'DELETE', path: '/v1/events/:id/messages/:messageId', access: 'user' },
  test: { method: 'POST', path: '/v1/events/:id/messages/test', access: 'user' },
  preview: { method: 'POST', path: '/v1/events/:id/messages/preview', access: 'user' },
  audience: { method: 'GET', path: '/v1/events/:id/messages/audience', access: 'user' },
  reminders: { method: 'GET', path: '/v1/events/:id/reminders', access: 'user' },
  setReminders: { method: 'PUT', path: '/v1/events/:id/reminders', access: 'user' },
  /** The event's WhatsApp messages by kind and status (endpoints/whatsapp.ts). */
  whatsapp: { method: 'GET', path: '/v1/events/:id/messages/whatsapp', access: 'user' },
} as const satisfies Record<string, EndpointAddress>;
