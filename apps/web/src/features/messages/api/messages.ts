import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  EVENT_MESSAGES_ADDRESS as A, type EVENT_MESSAGES, type MessageAttendance, type MessageDetail, type MessageListItem, type MessagePreview,
  type Reminders, type RemindersBody,
} from '@eo/contract';
import { callAt } from '../../../lib/api-call';

/**
 * The Pesan screen's calls, by address (no zod on this screen; docs/performance.md,
 * Web), typed by the contract's declarations.
 */
export type { MessageAttendance, MessageDetail, MessageListItem, MessagePreview, Reminders, RemindersBody };

/** Who a message goes to, as the compose form holds it: no ticket category = all of them. */
export interface Audience { ticketIds: string[]; attendance: MessageAttendance }

export interface MessageDraft { subject: string; body: string; audience: Audience; sendAt?: string }

export const messageKeys = {
  all: (eventId: string) => ['messages', eventId] as const,
  list: (eventId: string, page: number) => ['messages', eventId, 'list', page] as const,
  detail: (eventId: string, messageId: string) => ['messages', eventId, 'detail', messageId] as const,
  audience: (eventId: string, audience: Audience) => ['messages', eventId, 'audience', audience.ticketIds.join(','), audience.attendance] as const,
  reminders: (eventId: string) => ['messages', eventId, 'reminders'] as const,
};

/** The history is read again every ~3 s while a message is still going out or waiting for its time. */
export const HISTORY_POLL_MS = 3000;
export const HISTORY_PAGE_SIZE = 10;

const audienceBody = (a: Audience) => ({ ...(a.ticketIds.length ? { ticketIds: a.ticketIds } : {}), attendance: a.attendance });

export const isActive = (m: Pick<MessageListItem, 'status'>) => m.status === 'sending' || m.status === 'scheduled';

export const useMessageList = (eventId: string, page: number) =>
  useQuery(queryOptions({
    queryKey: messageKeys.list(eventId, page),
    queryFn: async ({ signal }) =>
      (await callAt<typeof EVENT_MESSAGES.list>(A.list, { params: { id: eventId }, query: { page, limit: HISTORY_PAGE_SIZE } }, { signal })).data,
    refetchInterval: (query) => (query.state.data?.docs.some(isActive) ? HISTORY_POLL_MS : false),
    placeholderData: keepPreviousData,
  }));

export const messageDetailQuery = (eventId: string, messageId: string) =>
  queryOptions({
    queryKey: messageKeys.detail(eventId, messageId),
    queryFn: async ({ signal }): Promise<MessageDetail> =>
      (await callAt<typeof EVENT_MESSAGES.get>(A.get, { params: { id: eventId, messageId } }, { signal })).data.result,
  });

/** How many would get a message with this audience now. */
export const audienceCountQuery = (eventId: string, audience: Audience) =>
  queryOptions({
    queryKey: messageKeys.audience(eventId, audience),
    queryFn: async ({ signal }): Promise<number> =>
      (await callAt<typeof EVENT_MESSAGES.audience>(A.audience, {
        params: { id: eventId }, query: { ticketIds: audience.ticketIds.length ? audience.ticketIds.join(',') : undefined, attendance: audience.attendance },
      }, { signal })).data.result.recipients,
  });

export const useAudienceCount = (eventId: string, audience: Audience) =>
  useQuery({ ...audienceCountQuery(eventId, audience), placeholderData: keepPreviousData });

export async function previewMessage(eventId: string, draft: MessageDraft): Promise<MessagePreview> {
  return (await callAt<typeof EVENT_MESSAGES.preview>(A.preview, {
    params: { id: eventId }, body: { subject: draft.subject, body: draft.body, audience: audienceBody(draft.audience) },
  })).data.result;
}

/** One copy to the caller; answers the API's message ("Pesan uji dikirim ke …"). */
export async function sendTestMessage(eventId: string, draft: Pick<MessageDraft, 'subject' | 'body'>): Promise<string | undefined> {
  return (await callAt<typeof EVENT_MESSAGES.test>(A.test, { params: { id: eventId }, body: { subject: draft.subject, body: draft.body } })).message;
}

/** Sends now, or at `sendAt`; answers the created message and the API's message. */
export async function createMessage(eventId: string, draft: MessageDraft) {
  const answer = await callAt<typeof EVENT_MESSAGES.create>(A.create, {
    params: { id: eventId },
    body: { subject: draft.subject, body: draft.body, audience: audienceBody(draft.audience), ...(draft.sendAt ? { sendAt: draft.sendAt } : {}) },
  });
  return { ...answer.data.result, message: answer.message };
}

export async function cancelMessage(eventId: string, messageId: string): Promise<void> {
  await callAt<typeof EVENT_MESSAGES.cancel>(A.cancel, { params: { id: eventId, messageId } });
}

export const useReminders = (eventId: string) =>
  useQuery(queryOptions({
    queryKey: messageKeys.reminders(eventId),
    queryFn: async ({ signal }): Promise<Reminders> =>
      (await callAt<typeof EVENT_MESSAGES.reminders>(A.reminders, { params: { id: eventId } }, { signal })).data.result,
  }));

export async function saveReminders(eventId: string, body: RemindersBody) {
  const answer = await callAt<typeof EVENT_MESSAGES.setReminders>(A.setReminders, { params: { id: eventId }, body });
  return { reminders: answer.data.result, message: answer.message };
}
