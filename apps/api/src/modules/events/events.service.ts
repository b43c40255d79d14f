import type { ApprovedStatus, EventListQuery } from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { findPermittedEvent, Permission, requireEvent, scopeOf } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { forgetEvent } from '../../lib/event-cache.js';
import { eventDetail } from './event-detail.repository.js';
import { listEvents, type ListGroup } from './event-lists.repository.js';
import { customKeyTaken } from './event-write.repository.js';
import { countByGroup, updateApproval } from './events.repository.js';

/**
 * Sets an event's review state directly (seed, CLI, tests). The admin's decision over HTTP goes
 * through the review module, which also mails the organizer.
 */
export async function setApproval(db: DbOrTx, eventId: string, approvedStatus: ApprovedStatus, now = new Date()): Promise<boolean> {
  const found = await updateApproval(db, eventId, approvedStatus, now);
  forgetEvent(db, eventId);
  return found;
}

/** Reading events (writes: EventWriteService), and what other modules need of an event. */
export class EventsService {
  constructor(private readonly db: Db) {}

  totals(caller: Caller, now = new Date()) {
    return countByGroup(this.db, scopeOf(caller, Permission.EventRead), now);
  }

  list(caller: Caller, group: ListGroup, q: EventListQuery, now = new Date()) {
    return listEvents(this.db, scopeOf(caller, Permission.EventRead), group, q, now);
  }

  /** The whole event; another organizer's, like an unknown id, is 404. */
  async detail(caller: Caller, id: string) {
    return eventDetail(this.db, await requireEvent(this.db, caller, Permission.EventRead, id));
  }

  /** Whether another event has the twibbon key (not `eventIdNe`, when that one is the caller's to see). */
  async customKeyTaken(caller: Caller, customKey: string, eventIdNe: string | undefined) {
    const own = eventIdNe ? await findPermittedEvent(this.db, caller, Permission.EventRead, eventIdNe) : undefined;
    return customKeyTaken(this.db, customKey, own?.id);
  }
}
