import type { CheckinOutcome, CheckinResult, CheckinSyncItem } from '@eo/contract';
import { ApiError, errorText } from '../../lib/api-client';
import type { OfflineVerdict } from './offline/offline-logic';

/** What the screen shows after a scan, a typed code or a check-in by hand. */
export type DoorResult =
  | { kind: 'ok'; name: string; ticketName: string; offline: boolean }
  | { kind: 'already'; registrantId?: string; name?: string; ticketName?: string; at: string | null; by: string | null }
  /** Already in, checked in by this scanner a moment ago (the same ticket shown again): calm. */
  | { kind: 'again'; name?: string; ticketName?: string; at: string }
  | { kind: 'unknown' }
  | { kind: 'wrongEvent' }
  | { kind: 'refunded'; name?: string; ticketName?: string }
  /** Awaiting approval, declined or cancelled: not a participant (yet). */
  | { kind: 'notConfirmed'; name?: string; ticketName?: string }
  /** An offline scan for a session removed from the event since. */
  | { kind: 'sessionGone' }
  | { kind: 'failed'; reason: string };

/** How a result is heard and felt: a check-in, a ticket just let in shown again, or anything else. */
export type DoorTone = 'ok' | 'calm' | 'bad';
export const toneOf = (r: DoorResult): DoorTone => (r.kind === 'ok' ? 'ok' : r.kind === 'again' ? 'calm' : 'bad');

export const fromCheckedIn = (r: CheckinResult): DoorResult => ({ kind: 'ok', name: r.name, ticketName: r.ticketName, offline: false });

export const fromOffline = (v: OfflineVerdict): DoorResult =>
  (v.kind === 'ok' ? { ...v, offline: true } : v.kind === 'already' ? { ...v, by: null } : v);

/** A fetch that never reached the server (no network): the scan is judged offline instead. */
export const isNetworkError = (err: unknown) => err instanceof ApiError && err.status === 0;

type Known = Partial<Omit<CheckinSyncItem, 'outcome' | 'message'>>;
/**
 * Each outcome the server names (CHECKIN_ID's values; written out, checked by the type, so that
 * the shared messages chunk of every route does not grow with CHECKIN_ID).
 */
const OUTCOME: Record<CheckinOutcome, (data: Known) => DoorResult> = {
  CHECKED_IN: (d) => ({ kind: 'ok', name: d.name ?? '', ticketName: d.ticketName ?? '', offline: false }),
  ALREADY_CHECKED_IN: (d) => ({
    kind: 'already', ...(d.registrantId ? { registrantId: d.registrantId } : {}), ...known(d), at: d.checkedInAt ?? null, by: d.checkedInBy ?? null,
  }),
  TICKET_NOT_FOUND: () => ({ kind: 'unknown' }),
  WRONG_EVENT: () => ({ kind: 'wrongEvent' }),
  TICKET_REFUNDED: (d) => ({ kind: 'refunded', ...known(d) }),
  TICKET_NOT_CONFIRMED: (d) => ({ kind: 'notConfirmed', ...known(d) }),
  SESSION_NOT_FOUND: () => ({ kind: 'sessionGone' }),
};
const known = (d: Known) => ({ ...(d.name ? { name: d.name } : {}), ...(d.ticketName ? { ticketName: d.ticketName } : {}) });

/** An outcome the server named (an online refusal's messageId and data, or a sync answer). */
export function fromOutcome(outcome: string, data: Known): DoorResult | undefined {
  return Object.hasOwn(OUTCOME, outcome) ? OUTCOME[outcome as CheckinOutcome](data) : undefined;
}

/** A duplicate that is this scanner's own check-in of a moment ago reads "sudah masuk", calmly. */
export function calmIfOwn(result: DoorResult, isOwn: (registrantId: string | undefined, at: string | null) => boolean): DoorResult {
  if (result.kind !== 'already' || !result.at || !isOwn(result.registrantId, result.at)) return result;
  return { kind: 'again', ...known(result), at: result.at };
}

/** A refused check-in: the outcome its messageId names, else the error's text. */
export function fromError(err: unknown): DoorResult {
  const named = err instanceof ApiError && err.body.messageId ? fromOutcome(err.body.messageId, (err.body.data ?? {}) as Parameters<typeof fromOutcome>[1]) : undefined;
  return named ?? { kind: 'failed', reason: errorText(err) };
}
