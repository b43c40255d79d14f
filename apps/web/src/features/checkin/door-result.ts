import { CHECKIN_ID, type CheckinResult, type CheckinSyncItem } from '@eo/contract';
import { ApiError, errorText } from '../../lib/api-client';
import type { OfflineVerdict } from './offline/offline-logic';

/** What the screen shows after a scan, a typed code or a check-in by hand. */
export type DoorResult =
  | { kind: 'ok'; name: string; ticketName: string; offline: boolean }
  | { kind: 'already'; name?: string; ticketName?: string; at: string | null; by: string | null }
  | { kind: 'unknown' }
  | { kind: 'wrongEvent' }
  | { kind: 'refunded'; name?: string; ticketName?: string }
  | { kind: 'failed'; reason: string };

export const isSuccess = (r: DoorResult) => r.kind === 'ok';

export const fromCheckedIn = (r: CheckinResult): DoorResult => ({ kind: 'ok', name: r.name, ticketName: r.ticketName, offline: false });

export const fromOffline = (v: OfflineVerdict): DoorResult =>
  (v.kind === 'ok' ? { ...v, offline: true } : v.kind === 'already' ? { ...v, by: null } : v);

/** A fetch that never reached the server (no network): the scan is judged offline instead. */
export const isNetworkError = (err: unknown) => err instanceof ApiError && err.status === 0;

/** An outcome the server named (an online refusal's messageId and data, or a sync answer). */
export function fromOutcome(outcome: string, data: Partial<Omit<CheckinSyncItem, 'outcome' | 'message'>>): DoorResult | undefined {
  const known = { ...(data.name ? { name: data.name } : {}), ...(data.ticketName ? { ticketName: data.ticketName } : {}) };
  switch (outcome) {
    case CHECKIN_ID.checkedIn: return { kind: 'ok', name: data.name ?? '', ticketName: data.ticketName ?? '', offline: false };
    case CHECKIN_ID.alreadyCheckedIn: return { kind: 'already', ...known, at: data.checkedInAt ?? null, by: data.checkedInBy ?? null };
    case CHECKIN_ID.ticketNotFound: return { kind: 'unknown' };
    case CHECKIN_ID.wrongEvent: return { kind: 'wrongEvent' };
    case CHECKIN_ID.refunded: return { kind: 'refunded', ...known };
    default: return undefined;
  }
}

/** A refused check-in: the outcome its messageId names, else the error's text. */
export function fromError(err: unknown): DoorResult {
  const known = err instanceof ApiError && err.body.messageId ? fromOutcome(err.body.messageId, (err.body.data ?? {}) as Parameters<typeof fromOutcome>[1]) : undefined;
  return known ?? { kind: 'failed', reason: errorText(err) };
}
