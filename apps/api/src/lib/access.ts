import { API_KEY_MSG, ORG_MSG, roleAllows, scopesAllow, scopesReach, type OrgAction, type RouteAction } from '@eo/contract';
import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import type { Caller } from './caller.js';
import { DomainError, ERROR_CODE, notFound } from './errors.js';
import { isUuid } from './ids.js';
import { findCertificate, findEvent, findMembership, findUpload, type OwnerScope } from './access.repository.js';
import { eventCacheOf, type LiveEvent } from './event-cache.js';
import type { MembershipCache } from './membership-cache.js';
import { SharedReads } from './shared-reads.js';

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
  /** Checking its participants in at the door (and the offline pack of their tickets). */
  EventCheckIn = 'event.checkin',
  /** Its messages' history, audience counts and reminders, read. */
  MessageRead = 'message.read',
  /** Writing to its participants (and scheduling, cancelling, reminders). */
  MessageSend = 'message.send',
  /** Deciding on its registrations: approve, decline, cancel; its waiting list. */
  ParticipantsManage = 'participants.manage',
}

/**
 * Whether a globalAdmin reaches every record for this permission. Where not, an admin is an
 * ordinary member of their own organization: a certificate is written, and its event and files
 * chosen, by the event's organization only, and only its members move an event's money.
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
  [Permission.EventCheckIn]: false,
  [Permission.MessageRead]: true,
  [Permission.MessageSend]: false,
  [Permission.ParticipantsManage]: false,
};

/** The row of API.md's permission table each permission needs in the record's organization. */
const PERMISSION_ACTION: Record<Permission, OrgAction> = {
  [Permission.EventRead]: 'events.read',
  [Permission.EventUpdate]: 'events.write',
  [Permission.EventCertify]: 'certificates',
  [Permission.CertificateRead]: 'certificates',
  [Permission.CertificateUpdate]: 'certificates',
  [Permission.InvoiceRead]: 'sales',
  [Permission.UploadRead]: 'certificates',
  [Permission.UploadAttach]: 'certificates',
  [Permission.PayoutRead]: 'money',
  [Permission.PayoutWithdraw]: 'money',
  [Permission.EventCheckIn]: 'checkin',
  [Permission.MessageRead]: 'messages.read',
  [Permission.MessageSend]: 'messages.send',
  [Permission.ParticipantsManage]: 'participants.manage',
};

/** An organization id no record has: the scope of a caller whose role allows nothing there. */
const NO_ORGANIZATION = '00000000-0000-0000-0000-000000000000';

/** Memberships read from the database each time (no cache). */
const direct = { lookup: findMembership };

export const forbiddenRole = () => new DomainError(ERROR_CODE.forbiddenRole, ORG_MSG.forbiddenRole);
export const forbiddenScope = () => new DomainError(ERROR_CODE.forbiddenScope, API_KEY_MSG.forbiddenScope);

/**
 * May the caller `action` in the organization entered: a member by their role there, an API key
 * by its scopes (the event its route names included, contract api-keys.ts).
 */
const mayAct = (caller: Caller, action: OrgAction) =>
  caller.apiKey ? scopesReach(caller.apiKey.scopes, action) : roleAllows(caller.role, action);

/**
 * The gate for an API key: its own organization alone (naming another is 404, as for a
 * non-member), and only the route actions its scopes open (403 FORBIDDEN_SCOPE otherwise, `self`
 * routes included).
 */
function enterAsKey(caller: Caller & { apiKey: NonNullable<Caller['apiKey']> }, requested: string | undefined, action: RouteAction): Caller {
  if (requested !== undefined && requested !== caller.organizationId) throw notFound();
  if (!scopesAllow(caller.apiKey.scopes, action)) throw forbiddenScope();
  return caller;
}

/**
 * The gate every `user` route passes before its handler (plugins/auth.ts): the organization the
 * request acts within (`X-Organization-Id`, or the caller's oldest membership) and the caller's
 * role there, as they are now: a removed member loses access at once (the server passes its
 * MembershipCache, lib/membership-cache.ts, which every membership change empties for that user).
 * An organization the caller is not a member of is 404; a role the route's action does not allow
 * is 403 FORBIDDEN_ROLE. A globalAdmin passes every action (platform-wide view); the record
 * checks below still keep money and certificates to their organization's members.
 */
export async function enterOrganization(
  db: DbOrTx, caller: Caller, requested: string | undefined, action: RouteAction, memberships: Pick<MembershipCache, 'lookup'> = direct,
): Promise<Caller> {
  if (caller.apiKey) return enterAsKey({ ...caller, apiKey: caller.apiKey }, requested, action);
  if (action === 'self' && !requested) return caller;
  if (requested !== undefined && !isUuid(requested)) throw notFound();
  const membership = await memberships.lookup(db, caller.userId, requested);
  if (requested && !membership && !caller.isAdmin) throw notFound();
  const entered: Caller = { ...caller, organizationId: membership?.organizationId ?? requested, role: membership?.role };
  if (action !== 'self' && !caller.isAdmin && !roleAllows(entered.role, action)) throw forbiddenRole();
  return entered;
}

/** Refuses (403 FORBIDDEN_ROLE) a caller whose role may not `action` in the organization entered. */
export function requireAction(caller: Caller, action: OrgAction): void {
  if (caller.apiKey && !mayAct(caller, action)) throw forbiddenScope();
  if (!caller.isAdmin && !mayAct(caller, action)) throw forbiddenRole();
}

/** The records a caller may `permission`: for lists, and for the checks below. Query parameters never widen it. */
export function scopeOf(caller: Caller, permission: Permission): OwnerScope {
  if (caller.isAdmin && ADMIN_REACHES_ALL[permission]) return {};
  const allowed = caller.organizationId && mayAct(caller, PERMISSION_ACTION[permission]);
  return { organizationId: allowed ? caller.organizationId : NO_ORGANIZATION };
}

/** For a record already read (an invoice, an upload): may the caller `permission` one of `organizationId`? */
export function allows(caller: Caller, permission: Permission, organizationId: string): boolean {
  const scope = scopeOf(caller, permission);
  return scope.organizationId === undefined || scope.organizationId === organizationId;
}

/** The organization the gate entered (`:id` or X-Organization-Id) on a route that always has one; 404 without. */
export function organizationOf(caller: Caller): string {
  if (!caller.organizationId) throw notFound();
  return caller.organizationId;
}

/** The organization a caller creates records in; refused when they have none or their role may not. */
export function organizationFor(caller: Caller, action: OrgAction): string {
  if (caller.apiKey && !mayAct(caller, action)) throw forbiddenScope();
  if (!caller.organizationId || !mayAct(caller, action)) throw forbiddenRole();
  return caller.organizationId;
}

interface Options {
  /** Lock the row for the rest of the transaction (see access.repository). */
  lock?: boolean;
  /** The error when the caller may not: 404 unless said (existence is not revealed). */
  orElse?: () => Error;
}

/** The live event `id` if the caller may `permission` it, else undefined. */
export async function findPermittedEvent(db: DbOrTx, caller: Caller, permission: Permission, id: string, lock = false) {
  if (!isUuid(id)) return undefined;
  const scope = scopeOf(caller, permission);
  if (lock || is(db, PgTransaction)) return findEvent(db, scope, id, lock);
  // Outside a transaction the row comes from the process's event cache while no change of it
  // has been heard (lib/event-cache.ts); when it must be read, requests for one event at once (a
  // committee at the door, screens polling) share the read (lib/shared-reads.ts: never an answer
  // older than the request). The scope is checked here as findEvent's SQL checks it.
  const read = () => sharedEventReads(db).read(id, () => findEvent(db, {}, id));
  const cache = eventCacheOf(db);
  const event = await (cache ? cache.read(id, read) : read());
  return event && (scope.organizationId === undefined || event.organizationId === scope.organizationId) ? event : undefined;
}

const eventReads = new WeakMap<DbOrTx, SharedReads<string, LiveEvent>>();
function sharedEventReads(db: DbOrTx) {
  let reads = eventReads.get(db);
  if (!reads) eventReads.set(db, (reads = new SharedReads()));
  return reads;
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
