import { EVENT_MSG, REVISION_KEYS, revisionChanges, withoutRevision, type EventPayload, type RevisionChange } from '@eo/contract';
import type { events } from '../../db/schema/index.js';
import type { Tx } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { eventDetail, lockLiveTickets } from './event-detail.repository.js';
import * as repo from './event-write.repository.js';

/**
 * The revision rule (contract, revision-rules.ts) inside an edit of an approved event that stays
 * approved: what of the edit applies at once, and the held parts, stored as the event's revision
 * (replacing a waiting one). An edit that changes no held part drops a waiting revision.
 * Runs in the edit's transaction, with the event and its tickets locked.
 */
export async function holdRevision(
  tx: Tx, stored: typeof events.$inferSelect, sent: EventPayload, submittedBy: string, now: Date,
): Promise<{ applied: EventPayload; held: RevisionChange[] }> {
  const publicVersion = await eventDetail(tx, stored);
  const held = revisionChanges(publicVersion, sent);
  if (!held.length) {
    await repo.dropRevision(tx, stored.id);
    return { applied: sent, held };
  }
  await repo.saveRevision(tx, stored.id, sent, held, submittedBy, now);
  return { applied: withoutRevision(sent, publicVersion), held };
}

/**
 * Publishes a revision the admin approved: its held parts over the event as it is now (its
 * operational parts, applied by the edits since, stay). Tickets are matched by id; the ones the
 * revision adds are inserted after the others. The caller holds the event's row lock.
 */
export async function publishRevision(tx: Tx, eventId: string, revision: EventPayload, now: Date) {
  const live = await lockLiveTickets(tx, eventId);
  const liveIds = new Set(live.map((t) => t.id));
  const key = revision.twibbon?.customKey;
  if (key && (await repo.customKeyTaken(tx, key, eventId))) throw conflict(EVENT_MSG.customKeyTaken);
  const columns = repo.eventColumns(revision);
  const held = Object.fromEntries(REVISION_KEYS.flatMap((k) => (k === 'twibbon' ? [] : [[k, columns[k]]])));
  await repo.updateEvent(tx, eventId, { ...held, firstEventAt: columns.firstEventAt, lastEventAt: columns.lastEventAt, updatedAt: now });
  let position = live.length;
  for (const t of revision.tickets) {
    let ticketId = t.id;
    if (ticketId && liveIds.has(ticketId)) await repo.renameTicket(tx, ticketId, t.name ?? '', now);
    else if (!ticketId) ticketId = await repo.insertTicket(tx, eventId, t, position++, now);
    else continue; // removed by an edit since: nothing of it is public any more
    await repo.syncQuestions(tx, eventId, ticketId, t.registrationSteps, now);
  }
  await repo.syncQuestions(tx, eventId, null, revision.registrationSteps, now);
  await repo.saveTwibbon(tx, eventId, revision.twibbon);
}
