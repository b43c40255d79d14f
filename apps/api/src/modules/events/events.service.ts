import { eq } from 'drizzle-orm';
import type { ApprovedStatus } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { events } from '../../db/schema/index.js';

/**
 * Sets an event's review state directly (seed, CLI, tests). The admin's decision over HTTP goes
 * through the review module, which also mails the organizer.
 */
export async function setApproval(db: DbOrTx, eventId: string, approvedStatus: ApprovedStatus, now = new Date()) {
  await db.update(events).set({ approvedStatus, updatedAt: now }).where(eq(events.id, eventId));
}
