import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events } from '../../db/schema/index.js';

/** The admin's decision on a published event (`POST /v1/admin/events/{id}/approval`). */
export async function setApproval(db: Db, eventId: string, approvedStatus: 'approved' | 'rejected', now = new Date()) {
  await db.update(events).set({ approvedStatus, updatedAt: now }).where(eq(events.id, eventId));
}
