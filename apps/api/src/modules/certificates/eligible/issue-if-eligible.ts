import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { rowsOf } from '../../../db/pg-results.js';
import { enqueue } from '../../../jobs/job-definition.js';
import { ISSUE_ELIGIBLE } from './issue-eligible.type.js';

/**
 * Call after something that can make a registrant eligible for a certificate by rules: an
 * evaluation answered, a session check-in (at the door, online, or synced from an offline
 * scanner). Inside the transaction that records it, so the two commit together, or right after
 * it commits. Queues `certificate.issue-eligible` only when the event has an `eligible`
 * certificate publishing or published; the job checks the rules and issues each certificate
 * at most once (issue-eligible.job.ts). Returns whether a job was queued.
 */
export async function issueIfEligible(db: DbOrTx, eventId: string, registrantId: string): Promise<boolean> {
  const [row] = rowsOf<{ any: boolean }>(await db.execute(sql`select exists (select 1 from certificates
    where event_id = ${eventId} and recipient_type = 'eligible' and status in ('publishing', 'published')) as any`));
  if (!row?.any) return false;
  await enqueue(db, ISSUE_ELIGIBLE, { eventId, registrantId });
  return true;
}
