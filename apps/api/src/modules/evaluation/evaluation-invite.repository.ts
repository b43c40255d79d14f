import { eq, sql } from 'drizzle-orm';
import { EVALUATION_LIMITS } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/pg-results.js';
import { evaluationInvites, events, registrants } from '../../db/schema/index.js';

const DAY_MS = 86_400_000;

/**
 * Queues the invitation of up to `limit` attendees whose event's evaluation is open at `now`:
 * confirmed, checked in, not answered, never invited. The window's defaults are the service's
 * (EvaluationService.read): from the last session's start, else the event's; until
 * EVALUATION_LIMITS.defaultOpenDaysAfter days after it ends. One statement records each
 * invitation and queues its job; the invitation's primary key makes a second sweep, in any
 * process, find nobody (ON CONFLICT DO NOTHING), so a reopened or edited form mails no one twice.
 * Gives how many were queued.
 */
export async function queueInvites(db: DbOrTx, r: { now: Date; limit: number; kind: string }): Promise<number> {
  const closeAfterMs = EVALUATION_LIMITS.defaultOpenDaysAfter * DAY_MS;
  const rows = rowsOf<{ id: string }>(await db.execute(sql`
    with open_forms as (
      select f.event_id from evaluation_forms f
        join events e on e.id = f.event_id and e.deleted_at is null
      where exists (select 1 from evaluation_questions q where q.event_id = f.event_id)
        and coalesce(f.opens_at, (select max(s.starts_at) from event_sessions s where s.event_id = f.event_id), e.first_event_at) <= ${r.now}
        and ${r.now} < coalesce(f.closes_at, e.last_event_at + ${closeAfterMs} * interval '1 millisecond')
    ), due as (
      select reg.id, reg.event_id from registrants reg join open_forms o on o.event_id = reg.event_id
      where reg.status = 'confirmed' and reg.checked_in_at is not null
        and not exists (select 1 from evaluation_answers a where a.registrant_id = reg.id)
        and not exists (select 1 from evaluation_invites i where i.registrant_id = reg.id)
      limit ${r.limit}
    ), invited as (
      insert into evaluation_invites (registrant_id, event_id, queued_at) select id, event_id, ${r.now} from due
      on conflict do nothing returning registrant_id
    )
    insert into jobs (kind, payload) select ${r.kind}, jsonb_build_object('registrantId', registrant_id) from invited
    returning id`));
  return rows.length;
}

/** Who an invitation goes to: the registration's person, code and status, and its event. */
export async function inviteOf(db: DbOrTx, registrantId: string) {
  const [row] = await db.select({
    email: registrants.email, name: registrants.name, ticketCode: registrants.ticketCode, status: registrants.status,
    eventId: events.id, eventName: events.name,
  }).from(registrants).innerJoin(events, eq(events.id, registrants.eventId)).where(eq(registrants.id, registrantId));
  return row;
}

export async function markMailed(db: DbOrTx, registrantId: string, at: Date) {
  await db.update(evaluationInvites).set({ mailedAt: at }).where(eq(evaluationInvites.registrantId, registrantId));
}
