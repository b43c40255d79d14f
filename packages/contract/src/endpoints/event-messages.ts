import { emptyAnswer, endpoint, htmlAnswer } from '../endpoint.js';
import {
  audienceCountResponseSchema, audienceQuerySchema, messageBodySchema, messageContentSchema, messageCreatedResponseSchema, messageDetailResponseSchema,
  messageItemParamsSchema, messageListQuerySchema, messageListResponseSchema, messageParamsSchema, messagePreviewBodySchema, messagePreviewResponseSchema,
  messageTestResponseSchema, remindersBodySchema, remindersResponseSchema, unsubscribeParamsSchema,
} from '../schemas/event-messages.js';
import { EVENT_MESSAGES_ADDRESS as A } from './event-messages-address.js';

const tags = ['messages'] as const;

/**
 * Messages to participants and automatic reminders (API.md "Messages"). Owners and
 * admins send (`messages.send`); every role reads the history (`messages.read`). Only the event's
 * own current (not refunded) registrants are ever addressed, one copy per email.
 */
export const EVENT_MESSAGES = {
  list: endpoint({ ...A.list, tags, action: 'messages.read', params: messageParamsSchema, query: messageListQuerySchema, status: 200, response: messageListResponseSchema }),
  /** 201: sending now, or scheduled (`sendAt`); 429 MESSAGE_DAILY_CAP over the organization's daily cap. */
  create: endpoint({ ...A.create, tags, action: 'messages.send', params: messageParamsSchema, body: messageBodySchema, status: 201, response: messageCreatedResponseSchema }),
  get: endpoint({ ...A.get, tags, action: 'messages.read', params: messageItemParamsSchema, status: 200, response: messageDetailResponseSchema }),
  /** Cancels a scheduled message (204); 409 once it has started. */
  cancel: endpoint({ ...A.cancel, tags, action: 'messages.send', params: messageItemParamsSchema, status: 204, response: emptyAnswer, answer: 'empty' }),
  /** One copy to the caller, with a registrant's values. */
  test: endpoint({ ...A.test, tags, action: 'messages.send', params: messageParamsSchema, body: messageContentSchema, status: 200, response: messageTestResponseSchema }),
  preview: endpoint({ ...A.preview, tags, action: 'messages.send', params: messageParamsSchema, body: messagePreviewBodySchema, status: 200, response: messagePreviewResponseSchema }),
  /** How many would get a message with this audience now. */
  audience: endpoint({ ...A.audience, tags, action: 'messages.read', params: messageParamsSchema, query: audienceQuerySchema, status: 200, response: audienceCountResponseSchema }),
  reminders: endpoint({ ...A.reminders, tags, action: 'messages.read', params: messageParamsSchema, status: 200, response: remindersResponseSchema }),
  setReminders: endpoint({ ...A.setReminders, tags, action: 'messages.send', params: messageParamsSchema, body: remindersBodySchema, status: 200, response: remindersResponseSchema }),
  /** The link of an announcement's footer and List-Unsubscribe: asks before opting out. */
  unsubscribePage: endpoint({
    method: 'GET', path: '/u/:token', tags, access: 'public', params: unsubscribeParamsSchema,
    status: 200, response: htmlAnswer('The unsubscribe page'), answer: 'html', produces: ['text/html'], hide: true,
  }),
  /** One-click unsubscribe (RFC 8058, `List-Unsubscribe=One-Click`), and the page's button. */
  unsubscribe: endpoint({
    method: 'POST', path: '/u/:token', tags, access: 'public', params: unsubscribeParamsSchema,
    consumes: ['application/x-www-form-urlencoded'],
    status: 200, response: htmlAnswer('Unsubscribed'), answer: 'html', produces: ['text/html'], hide: true,
  }),
};
