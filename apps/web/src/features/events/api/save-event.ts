import { EVENTS, SAVE_TIMEOUT_MS, type EventPayloadInput } from '@eo/contract';
import { call } from '../../../lib/api-call';
import type { EventDetail } from '../../../lib/event-detail';

/**
 * The four writes of spec section 4: a new event is created; a draft is published with
 * create `?id=`; a published event is updated; drafts are created or updated as drafts.
 * Every call gives up after 5000 ms (spec section 7).
 */
export type SaveKind = 'create' | 'publishDraft' | 'edit' | 'createDraft' | 'editDraft';

export async function saveEvent(kind: SaveKind, payload: EventPayloadInput, id?: string): Promise<EventDetail> {
  const opts = { signal: AbortSignal.timeout(SAVE_TIMEOUT_MS) };
  const body = payload;
  const existing = () => {
    if (!id) throw new Error(`saveEvent ${kind}: an id is needed`);
    return { id };
  };
  const res = kind === 'create' ? await call(EVENTS.create, { body }, opts)
    : kind === 'publishDraft' ? await call(EVENTS.create, { body, query: existing() }, opts)
      : kind === 'edit' ? await call(EVENTS.update, { body, query: existing() }, opts)
        : kind === 'createDraft' ? await call(EVENTS.createDraft, { body }, opts)
          : await call(EVENTS.updateDraft, { body, query: existing() }, opts);
  // Every save answers the event's detail (eventDetailResponseSchema).
  return res.data.result as EventDetail;
}
