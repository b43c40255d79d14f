import { CERT_RULES_MSG } from '@eo/contract';
import type { DbOrTx } from '../../../db/client.js';
import type { JobLog } from '../../../jobs/queue.js';
import { addRegistrantRecipients } from '../publish/attendee-recipients.js';
import type * as repo from '../publish/publish.repository.js';
import { uncertifiedEligible } from './eligibility.repository.js';

/**
 * Step 1 of an `eligible` batch (the batch's row locked): everyone meeting its rules now without
 * a certificate of it becomes a recipient, numbered on from its last. Nobody meeting them yet is
 * no reason to stop: the batch is published, and those who meet them later get theirs then
 * (issue-eligible.job.ts). A batch without rules cannot have been published; it goes back to draft.
 */
export async function addEligibleRecipients(
  tx: DbOrTx, cert: repo.PublishCertificate, opts: { recipientsPerDay?: number; log: JobLog },
): Promise<repo.PublishCertificate | null> {
  const rules = cert.rules;
  return addRegistrantRecipients(tx, cert, {
    ...opts,
    candidates: async (eventId) => (rules ? uncertifiedEligible(tx, eventId, cert.id, rules) : []),
    noneReason: rules ? undefined : CERT_RULES_MSG.missingRules,
  });
}
