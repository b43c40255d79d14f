import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  CHECKINS_ADDRESS, type CHECKINS, type CheckinResult, type CheckinSearchItem, type CheckinSummary, type CheckinSyncItem, type OfflinePack,
} from '@eo/contract';
import { callAt } from '../../../lib/api-call';

/**
 * The check-in endpoints, called by address (no zod on this phone-first screen;
 * docs/performance.md, Web), typed by the contract's declarations.
 */
export type { CheckinResult, CheckinSearchItem, CheckinSummary, CheckinSyncItem, OfflinePack };

export const checkinKeys = {
  all: (eventId: string) => ['checkins', eventId] as const,
  summary: (eventId: string) => ['checkins', eventId, 'summary'] as const,
  search: (eventId: string, q: string, sessionId?: string) => ['checkins', eventId, 'search', q, sessionId ?? null] as const,
  pack: (eventId: string) => ['checkins', eventId, 'pack'] as const,
  attendanceCode: (eventId: string) => ['checkins', eventId, 'attendance-code'] as const,
};

/** The counters every ~3 s while the page is visible (TanStack Query stops polling in a hidden tab). */
export const SUMMARY_POLL_MS = 3000;
/** The offline pack is fetched again every 5 minutes while online. */
export const PACK_REFRESH_MS = 5 * 60_000;

/** A check-in; with `sessionId`, the attendance of that session. */
export async function checkIn(eventId: string, target: { code: string } | { registrantId: string }, deviceId: string, sessionId?: string): Promise<CheckinResult> {
  return (await callAt<typeof CHECKINS.checkIn>(CHECKINS_ADDRESS.checkIn, { params: { id: eventId }, body: { ...target, deviceId, ...(sessionId ? { sessionId } : {}) } })).data.result;
}

/** Undoes a check-in; with `sessionId`, only that session's attendance. */
export async function undoCheckIn(eventId: string, registrantId: string, sessionId?: string): Promise<void> {
  await callAt<typeof CHECKINS.undo>(CHECKINS_ADDRESS.undo, { params: { id: eventId, registrantId }, ...(sessionId ? { query: { sessionId } } : {}) });
}

export async function syncScans(eventId: string, scans: { code: string; scannedAt: string; deviceId: string; sessionId?: string }[]): Promise<CheckinSyncItem[]> {
  return (await callAt<typeof CHECKINS.sync>(CHECKINS_ADDRESS.sync, { params: { id: eventId }, body: { scans } })).data.results;
}

export async function getOfflinePack(eventId: string, signal?: AbortSignal): Promise<OfflinePack> {
  return (await callAt<typeof CHECKINS.offlinePack>(CHECKINS_ADDRESS.offlinePack, { params: { id: eventId } }, { signal })).data.result;
}

export const useCheckinSummary = (eventId: string, enabled: boolean) =>
  useQuery(queryOptions({
    queryKey: checkinKeys.summary(eventId),
    queryFn: async ({ signal }): Promise<CheckinSummary> =>
      (await callAt<typeof CHECKINS.summary>(CHECKINS_ADDRESS.summary, { params: { id: eventId } }, { signal })).data.result,
    refetchInterval: SUMMARY_POLL_MS,
    enabled,
  }));

/** The door's search; with `sessionId`, each registrant's check-in is their attendance of that session. */
export const useCheckinSearch = (eventId: string, q: string, online: boolean, sessionId?: string) =>
  useQuery(queryOptions({
    queryKey: checkinKeys.search(eventId, q, sessionId),
    queryFn: async ({ signal }): Promise<CheckinSearchItem[]> =>
      (await callAt<typeof CHECKINS.search>(CHECKINS_ADDRESS.search, { params: { id: eventId }, query: { q, ...(sessionId ? { sessionId } : {}) } }, { signal })).data.results,
    enabled: online && q.length > 0,
    placeholderData: keepPreviousData,
  }));
