import { CERT_CSV_MSG, fill } from '@eo/contract';
import type { DbOrTx } from '../../../db/client.js';
import * as repo from './publish.repository.js';

/**
 * Why new recipients with these serials cannot join a batch, or undefined: a serial another batch
 * holds (checked first: a unique violation would abort the transaction), or the organizer's
 * rolling daily limit (`recipientsPerDay`), counted under the organization's lock so two batches
 * starting together cannot both fit. The same for a CSV and for attendees.
 */
export async function newRecipientsRefusal(
  tx: DbOrTx, organizationId: string, serials: string[], recipientsPerDay: number | undefined,
): Promise<string | undefined> {
  const taken = await repo.takenSerial(tx, serials);
  if (taken) return fill(CERT_CSV_MSG.serialTaken, { serial: taken });
  if (recipientsPerDay === undefined) return undefined;
  await repo.lockOrganizationQuota(tx, organizationId);
  const used = await repo.recipientsSince(tx, organizationId, new Date(Date.now() - 86_400_000));
  if (used + serials.length <= recipientsPerDay) return undefined;
  return fill(CERT_CSV_MSG.dailyLimit, { limit: String(recipientsPerDay), left: String(Math.max(0, recipientsPerDay - used)) });
}
