import type { DbOrTx } from '../db/client.js';
import type { Caller } from './caller.js';
import { notFound } from './errors.js';
import { isUuid } from './ids.js';
import { findCertificate, findEvent, findUpload, type OwnerScope } from './access.repository.js';

export type { OwnerScope } from './access.repository.js';

/** What a caller wants to do to a record: the one question every module asks here. */
export enum Permission {
  EventRead = 'event.read',
  EventUpdate = 'event.update',
  /** Naming the event on a certificate, which mails strangers in its name. */
  EventCertify = 'event.certify',
  CertificateRead = 'certificate.read',
  CertificateUpdate = 'certificate.update',
  InvoiceRead = 'invoice.read',
  UploadRead = 'upload.read',
  /** Using a file in a record (a certificate's template or recipient CSV). */
  UploadAttach = 'upload.attach',
  /** An event's coin account, balance and withdrawals, read. */
  PayoutRead = 'payout.read',
  /** Moving an event's money: its bank account, a withdrawal and its code. */
  PayoutWithdraw = 'payout.withdraw',
}

/**
 * Whether a globalAdmin reaches every record for this permission. Where not, an admin is an
 * ordinary owner: a certificate is written, and its event and files chosen, by its own organizer
 * only, and only the organizer moves an event's money.
 */
const ADMIN_REACHES_ALL: Record<Permission, boolean> = {
  [Permission.EventRead]: true,
  [Permission.EventUpdate]: true,
  [Permission.EventCertify]: false,
  [Permission.CertificateRead]: true,
  [Permission.CertificateUpdate]: false,
  [Permission.InvoiceRead]: true,
  [Permission.UploadRead]: true,
  [Permission.UploadAttach]: false,
  [Permission.PayoutRead]: true,
  [Permission.PayoutWithdraw]: false,
};

/** The records a caller may `permission`: for lists, and for the checks below. Query parameters never widen it. */
export function scopeOf(caller: Caller, permission: Permission): OwnerScope {
  return caller.isAdmin && ADMIN_REACHES_ALL[permission] ? {} : { creatorId: caller.userId };
}

/** For a record already read (an invoice, an upload): may the caller `permission` one owned by `ownerId`? */
export function allows(caller: Caller, permission: Permission, ownerId: string): boolean {
  const { creatorId } = scopeOf(caller, permission);
  return creatorId === undefined || creatorId === ownerId;
}

interface Options {
  /** Lock the row for the rest of the transaction (see access.repository). */
  lock?: boolean;
  /** The error when the caller may not: 404 unless said (existence is not revealed). */
  orElse?: () => Error;
}

/** The live event `id` if the caller may `permission` it, else undefined. */
export async function findPermittedEvent(db: DbOrTx, caller: Caller, permission: Permission, id: string, lock = false) {
  return isUuid(id) ? findEvent(db, scopeOf(caller, permission), id, lock) : undefined;
}

/** The live event `id` if the caller may `permission` it; otherwise throws (404 unless `orElse`). */
export async function requireEvent(db: DbOrTx, caller: Caller, permission: Permission, id: string, opts: Options = {}) {
  const event = await findPermittedEvent(db, caller, permission, id, opts.lock);
  if (!event) throw opts.orElse?.() ?? notFound();
  return event;
}

/** The certificate `id` if the caller may `permission` it; otherwise 404. */
export async function requireCertificate(db: DbOrTx, caller: Caller, permission: Permission, id: string, opts: Options = {}) {
  const row = isUuid(id) ? await findCertificate(db, scopeOf(caller, permission), id, opts.lock) : undefined;
  if (!row) throw opts.orElse?.() ?? notFound();
  return row;
}

/** The upload (by id or public path, of `docType`) if the caller may `permission` it, else undefined. */
export async function findPermittedUpload(db: DbOrTx, caller: Caller, permission: Permission, by: { id: string } | { path: string }, docType: string) {
  return findUpload(db, scopeOf(caller, permission), by, docType);
}
