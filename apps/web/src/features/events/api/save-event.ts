import { SAVE_TIMEOUT_MS, type EventPayloadInput } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';
import type { EventDetail } from './get-event-detail';

/**
 * The four writes of spec section 4: a new event is created; a draft is published with
 * create `?id=`; a published event is updated; drafts are created or updated as drafts.
 * Every call gives up after 5000 ms (spec section 7).
 */
export type SaveKind = 'create' | 'publishDraft' | 'edit' | 'createDraft' | 'editDraft';

const CALLS: Record<SaveKind, { method: 'POST' | 'PUT'; path: string }> = {
  create: { method: 'POST', path: '/v1/events/create' },
  publishDraft: { method: 'POST', path: '/v1/events/create' },
  edit: { method: 'PUT', path: '/v1/events/update/' },
  createDraft: { method: 'POST', path: '/v1/events/draft/create' },
  editDraft: { method: 'PUT', path: '/v1/events/draft/update/' },
};

export async function saveEvent(kind: SaveKind, payload: EventPayloadInput, id?: string): Promise<EventDetail> {
  const { method, path } = CALLS[kind];
  const res = await apiRequest<{ data: { result: EventDetail } }>(path, {
    method, body: payload, query: id ? { id } : undefined, signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
  });
  return res.data.result;
}
