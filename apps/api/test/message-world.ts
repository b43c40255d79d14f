import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { pollUntil } from './poll.js';
import { request } from './server-process.js';

/**
 * The audience of the message suites (crash safety, two schedulers) and the benchmark: `n`
 * registrants of the event's first ticket, `<prefix><i>@contoh.id`, written in one statement
 * (no `ticket.mail` jobs: the only mails are the message's).
 */
export async function bulkAudience(db: Db, eventId: string, n: number, prefix: string) {
  await db.execute(sql`
    insert into registrants (event_id, ticket_id, name, email)
    select ${eventId}::uuid, (select id from tickets where event_id = ${eventId}::uuid order by position limit 1), 'Peserta ' || g, ${prefix} || g || '@contoh.id'
    from generate_series(1, ${n}) g`);
}

/** The addresses bulkAudience wrote, sorted as strings. */
export const audienceEmails = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}@contoh.id`).sort();

export interface MessageState { status: string; recipients: number; counts: { queued: number; sent: number; failed: number } }

/** `GET /v1/events/:id/messages/:messageId` on a real server. */
export async function messageState(base: string, token: string, eventId: string, messageId: string): Promise<MessageState> {
  const res = await request(base, `/v1/events/${eventId}/messages/${messageId}`, { token });
  if (res.status !== 200) throw new Error(`message ${messageId}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.result;
}

/** Polls until `ok(state)`, or the time runs out (answering the last state). */
export const pollMessage = (base: string, token: string, eventId: string, messageId: string, ok: (s: MessageState) => boolean, timeoutMs: number, everyMs = 100) =>
  pollUntil(() => messageState(base, token, eventId, messageId), ok, timeoutMs, everyMs);
