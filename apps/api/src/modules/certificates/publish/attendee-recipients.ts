import { randomBytes } from 'node:crypto';
import { CERT_ATTENDEES_MSG, CERT_CSV_MSG, serialNumber } from '@eo/contract';
import type { DbOrTx } from '../../../db/client.js';
import type { JobLog } from '../../../jobs/queue.js';
import * as attendees from './attendees.repository.js';
import { newRecipientsRefusal } from './batch-checks.js';
import * as repo from './publish.repository.js';
import { recipientProblems, type CsvProblem } from './recipients-csv.js';

/**
 * Step 1 of an attendees batch, on every run (the batch's row locked): the event's attendees
 * without a certificate of it become recipients, numbered on from its last, with name and email
 * from their registrations. So a later publish reaches only those checked in since, and a run
 * resumed after a crash adds nobody twice (the unique index on registrant holds that anyway).
 *
 * The first publish that cannot go (event not live, nobody attended, serials taken, daily limit)
 * goes back to draft with the reason, like a CSV. A later one adds nobody and still delivers what
 * is pending: the certificates already issued stay as they are. An attendee whose name or email
 * cannot be printed or mailed is left out and listed in csvProblems (`row`: their place among
 * this run's attendees, in check-in order); the next publish tries them again.
 */
export async function addAttendeeRecipients(
  tx: DbOrTx, cert: repo.PublishCertificate, opts: { recipientsPerDay?: number; log: JobLog },
): Promise<repo.PublishCertificate | null> {
  return addRegistrantRecipients(tx, cert, {
    ...opts, candidates: (eventId) => attendees.uncertifiedAttendees(tx, eventId, cert.id), noneReason: CERT_ATTENDEES_MSG.noAttendees,
  });
}

/** A person read from their registration, to become a recipient. */
export interface Candidate { registrantId: string; name: string; email: string }

/**
 * The step above for any batch read from registrations: `candidates` are the event's people
 * without a certificate of this batch yet. With `noneReason` a first publish that finds nobody
 * goes back to draft with it; without (an `eligible` batch) it is published to nobody for now.
 */
export async function addRegistrantRecipients(
  tx: DbOrTx, cert: repo.PublishCertificate,
  opts: { recipientsPerDay?: number; log: JobLog; candidates: (eventId: string) => Promise<Candidate[]>; noneReason?: string },
): Promise<repo.PublishCertificate | null> {
  const id = cert.id;
  const issued = await repo.hasRecipients(tx, id);
  const stop = async (reason: string, problems: CsvProblem[] = []) => {
    const csvProblems = [...problems, { row: 0, reason }];
    if (issued) {
      opts.log.warn({ certificateId: id, reason }, 'no new attendee certificates this time');
      await repo.setCertificate(tx, id, { csvProblems });
      return cert;
    }
    opts.log.warn({ certificateId: id, reason }, 'certificate cannot be published; back to draft');
    await repo.setCertificate(tx, id, { status: 'drafted', csvProblems, updatedAt: new Date() });
    return null;
  };
  // Publishing sends mail under the platform's name: only for a live (published, approved) event.
  if (!cert.eventLive || !cert.eventId) return stop(CERT_CSV_MSG.eventNotPublished);

  const maxName = cert.templateObjects.find((o) => o.key === 'recipientName')?.textStyle.charLength;
  const problems: CsvProblem[] = [];
  const people: { registrantId: string; name: string; email: string }[] = [];
  (await opts.candidates(cert.eventId)).forEach((a, i) => {
    const name = a.name.trim().replace(/\s+/g, ' ');
    const email = a.email.trim();
    const reasons = recipientProblems(name, email, { maxName });
    if (reasons.length) problems.push({ row: i + 1, reason: reasons.join('; ') });
    else people.push({ registrantId: a.registrantId, name, email });
  });
  if (people.length === 0) {
    if (!issued && opts.noneReason) return stop(opts.noneReason, problems);
    await repo.setCertificate(tx, id, { csvProblems: problems });
    return cert;
  }

  const start = await attendees.lastPosition(tx, id);
  const prefix = cert.serialNumberPrefix ?? '';
  const rows = people.map((p, i) => ({
    certificateId: id, registrantId: p.registrantId, position: start + i + 1,
    // Numbered over the whole batch, so the width grows with it as a CSV's does.
    serial: serialNumber(prefix, start + i + 1, start + people.length), name: p.name, email: p.email,
    verifyToken: randomBytes(16).toString('base64url'),
  }));
  const refusal = await newRecipientsRefusal(tx, cert.organizationId, rows.map((r) => r.serial), opts.recipientsPerDay);
  if (refusal) return stop(refusal, problems);
  await attendees.insertAttendeeRecipients(tx, rows);
  await repo.setCertificate(tx, id, { csvProblems: problems, totalRecipient: await attendees.recipientCount(tx, id) });
  return cert;
}
