import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { certificateRecipients, certificates } from '../../../db/schema/index.js';

/** The event's `eligible` certificates publishing or published (certificates_eligible_event_idx). */
export function eligibleBatchesOf(db: DbOrTx, eventId: string) {
  return db.select({ id: certificates.id, status: certificates.status }).from(certificates)
    .where(and(eq(certificates.eventId, eventId), eq(certificates.recipientType, 'eligible'), inArray(certificates.status, ['publishing', 'published'])));
}

/**
 * Serializes the late issue of one certificate to one registrant until the transaction ends
 * (transaction-scoped advisory lock): a second job for the same pair waits, then finds it done.
 */
export async function lockIssue(db: DbOrTx, certificateId: string, registrantId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`cert-issue:${certificateId}:${registrantId}`}))`);
}

/** The registrant's recipient row in the batch, if any. */
export async function recipientOf(db: DbOrTx, certificateId: string, registrantId: string) {
  const [row] = await db.select().from(certificateRecipients)
    .where(and(eq(certificateRecipients.certificateId, certificateId), eq(certificateRecipients.registrantId, registrantId)));
  return row;
}

/** The registrant's recipient row when it is still to be mailed. */
export async function pendingRecipientOf(db: DbOrTx, certificateId: string, registrantId: string) {
  const [row] = await db.select().from(certificateRecipients)
    .where(and(eq(certificateRecipients.certificateId, certificateId), eq(certificateRecipients.registrantId, registrantId), isNull(certificateRecipients.mailedAt)));
  return row;
}
