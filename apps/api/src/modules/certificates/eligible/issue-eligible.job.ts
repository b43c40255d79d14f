import { randomBytes } from 'node:crypto';
import { serialNumber } from '@eo/contract';
import { enqueue, type JobDefinition } from '../../../jobs/job-definition.js';
import type { JobLog } from '../../../jobs/queue.js';
import * as attendees from '../publish/attendees.repository.js';
import { newRecipientsRefusal } from '../publish/batch-checks.js';
import { batchTemplate, deliverOne, type PublishDeps } from '../publish/publish-certificate.job.js';
import * as publish from '../publish/publish.repository.js';
import { eligibleRegistrant } from './eligibility.repository.js';
import { ISSUE_ELIGIBLE } from './issue-eligible.type.js';
import * as repo from './issue-eligible.repository.js';

/** How long a late issue waits for a batch still publishing, and how many times (about two hours). */
const DEFER_MS = 60_000;
const MAX_DEFERRALS = 120;

/**
 * `certificate.issue-eligible` `{ eventId, registrantId }`: for each published `eligible`
 * certificate of the event, when the registrant meets its rules now and holds none of it yet,
 * they become its next recipient (the batch's row locked, as publishing does; the unique index on
 * (certificate, registrant) refuses a second row whatever runs) and get it rendered and mailed.
 * Delivery holds a lock per certificate and registrant, so two jobs for the same person mail
 * once; a run that fails is retried and delivers what is still pending. A batch still publishing
 * is waited for (its run may have read its recipients before this person qualified).
 */
export function issueEligibleJob(deps: PublishDeps): JobDefinition<{ eventId: string; registrantId: string; deferred?: number }> {
  return {
    ...ISSUE_ELIGIBLE,
    handler: async ({ eventId, registrantId, deferred = 0 }, { log }) => {
      let wait = false;
      for (const batch of await repo.eligibleBatchesOf(deps.db, eventId)) {
        if (batch.status === 'publishing') wait = true;
        else await issueOne(deps, batch.id, eventId, registrantId, log);
      }
      if (wait && deferred < MAX_DEFERRALS) {
        await enqueue(deps.db, ISSUE_ELIGIBLE, { eventId, registrantId, deferred: deferred + 1 }, new Date(Date.now() + DEFER_MS));
      }
    },
  };
}

async function issueOne(deps: PublishDeps, certificateId: string, eventId: string, registrantId: string, log: JobLog) {
  const added = await deps.db.transaction(async (tx) => {
    const cert = await publish.findForPublish(tx, certificateId, true);
    if (!cert || cert.status !== 'published' || !cert.rules || !cert.eventLive) return null;
    if (await repo.recipientOf(tx, certificateId, registrantId)) return cert;
    const person = await eligibleRegistrant(tx, eventId, registrantId, cert.rules);
    if (!person) return null;
    const position = (await attendees.lastPosition(tx, certificateId)) + 1;
    const row = {
      certificateId, registrantId, position, serial: serialNumber(cert.serialNumberPrefix ?? '', position, position),
      name: person.name.trim().replace(/\s+/g, ' '), email: person.email.trim(), verifyToken: randomBytes(16).toString('base64url'),
    };
    // The organizer's daily limit is for what they send at once; a late one is each person's own doing.
    const refusal = await newRecipientsRefusal(tx, cert.organizationId, [row.serial], undefined);
    if (refusal) {
      log.warn({ certificateId, registrantId, reason: refusal }, 'late certificate not issued');
      return null;
    }
    await attendees.insertAttendeeRecipients(tx, [row]);
    await publish.setCertificate(tx, certificateId, { totalRecipient: await attendees.recipientCount(tx, certificateId) });
    return cert;
  });
  if (!added) return;
  // Delivered on the lock's own connection (one per job: jobs waiting for a second one could
  // hold the whole pool); a failure is marked on the row and committed, then retried.
  const delivered = await deps.db.transaction(async (tx) => {
    await repo.lockIssue(tx, certificateId, registrantId);
    const pending = await repo.pendingRecipientOf(tx, certificateId, registrantId);
    if (!pending) return true;
    const done = await deliverOne({ ...deps, db: tx }, added, await batchTemplate(deps.storage, added), pending);
    if (done) log.info({ certificateId, registrantId, serial: pending.serial }, 'late certificate issued');
    return done;
  });
  if (!delivered) throw new Error(`certificate ${certificateId}: late issue to ${registrantId} not delivered; retrying`);
}
