import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfflinePack } from '@eo/contract';
import { checkIn, checkinKeys, getOfflinePack, PACK_REFRESH_MS, syncScans, undoCheckIn, useCheckinSummary, type CheckinResult } from './api/checkins';
import { calmIfOwn, fromCheckedIn, fromError, fromOffline, fromOutcome, isNetworkError, toneOf, type DoorResult } from './door-result';
import { signal } from './feedback';
import { codeHash, judgeOffline, sameScan, settleQueue, type QueuedScan } from './offline/offline-logic';
import { deviceId, loadPack, loadQueue, queueScan, savePack, settleSynced } from './offline/offline-store';
import { ownCheckins, type TicketKeys } from './own-checkins';

/** Scans sent per sync request (the API takes up to 500). */
const SYNC_BATCH = 200;
/** Sync answers other than a check-in kept on screen. */
const DIFFERING_SHOWN = 20;

export type SyncDifference = ReturnType<typeof settleQueue>['differing'][number];

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};
const useBrowserOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine, () => true);

/**
 * The door's state and actions. Online, every scan asks the server; when the browser is offline
 * or a call fails for want of a network, scans are judged against the offline pack (kept in
 * IndexedDB, fetched on open, every 5 minutes and when back online) and the check-ins queued;
 * the queue is synced as soon as the network is back (the `online` event, or a poll that gets
 * through), and the answers that differ from a check-in are kept to be shown. With `sessionId`
 * (an event with sessions), every check-in, offline judgement and undo is that session's.
 */
export function useDoor(eventId: string, sessionId?: string) {
  const client = useQueryClient();
  const browserOnline = useBrowserOnline();
  const [networkDown, setNetworkDown] = useState(false);
  const online = browserOnline && !networkDown;
  // `scan`: the queued scan an offline check-in stands for, until its sync answer replaces it.
  const [result, setResult] = useState<{ seq: number; value: DoorResult; scan?: QueuedScan } | null>(null);
  const [own] = useState(() => ownCheckins());
  const [queue, setQueue] = useState<QueuedScan[]>([]);
  const [storedPack, setStoredPack] = useState<OfflinePack>();
  const [differing, setDiffering] = useState<SyncDifference[]>([]);

  useEffect(() => {
    let live = true;
    void loadPack(eventId).then((p) => live && p && setStoredPack(p)).catch(() => undefined);
    void loadQueue(eventId).then((q) => live && setQueue(q)).catch(() => undefined);
    return () => { live = false; };
  }, [eventId]);

  const packQuery = useQuery({
    queryKey: checkinKeys.pack(eventId),
    queryFn: ({ signal: abort }) => getOfflinePack(eventId, abort),
    refetchInterval: PACK_REFRESH_MS,
    staleTime: PACK_REFRESH_MS,
    enabled: browserOnline,
  });
  useEffect(() => {
    if (packQuery.data) void savePack(eventId, packQuery.data).catch(() => undefined);
  }, [eventId, packQuery.data]);
  const pack = useRef<OfflinePack | undefined>(undefined);
  pack.current = packQuery.data ?? storedPack;

  const summary = useCheckinSummary(eventId, browserOnline);
  // A poll that gets through means the network is back; one failing for want of it, that it is gone.
  useEffect(() => {
    if (summary.dataUpdatedAt) setNetworkDown(false);
  }, [summary.dataUpdatedAt]);
  useEffect(() => {
    if (summary.error && isNetworkError(summary.error)) setNetworkDown(true);
  }, [summary.error, summary.errorUpdatedAt]);
  useEffect(() => {
    if (browserOnline) setNetworkDown(false);
  }, [browserOnline]);

  const show = useCallback((value: DoorResult, scan?: QueuedScan) => {
    setResult((r) => ({ seq: (r?.seq ?? 0) + 1, value, ...(scan ? { scan } : {}) }));
    signal(toneOf(value));
  }, []);
  /** Checked in here: remembered, so that the same ticket shown again reads calmly. */
  const admitted = useCallback((ticket: TicketKeys, done: CheckinResult) => {
    own.record({ ...ticket, registrantId: done.registrantId }, done.checkedInAt, Date.now());
    show(fromCheckedIn(done));
  }, [own, show]);
  const refused = useCallback((ticket: TicketKeys, err: unknown) => {
    show(calmIfOwn(fromError(err), (registrantId, at) => own.isRecent({ ...ticket, registrantId }, at, Date.now())));
  }, [own, show]);
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: checkinKeys.all(eventId) }), [client, eventId]);

  const syncing = useRef(false);
  const sync = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    try {
      for (;;) {
        const pending = await loadQueue(eventId);
        if (!pending.length) break;
        const sent = pending.slice(0, SYNC_BATCH);
        const results = await syncScans(eventId, sent);
        const { differing: diff } = settleQueue(pending, sent, results);
        setQueue(await settleSynced(eventId, sent, results));
        sent.forEach((scan, i) => {
          const answer = results[i];
          if (answer?.outcome === 'CHECKED_IN' && answer.checkedInAt) {
            own.record({ code: scan.code, registrantId: answer.registrantId }, answer.checkedInAt, Date.parse(scan.scannedAt));
          }
        });
        // A result still showing an offline check-in now shows what the server made of it.
        setResult((r) => {
          const i = r?.scan ? sent.findIndex((s) => sameScan(s, r.scan!)) : -1;
          const synced = i >= 0 && results[i] ? fromOutcome(results[i].outcome, results[i]) : undefined;
          return r && synced ? { seq: r.seq, value: synced } : r;
        });
        if (diff.length) setDiffering((d) => [...diff, ...d].slice(0, DIFFERING_SHOWN));
      }
      void refresh();
    } catch (err) {
      if (isNetworkError(err)) setNetworkDown(true);
    } finally {
      syncing.current = false;
    }
  }, [eventId, refresh, own]);

  useEffect(() => {
    if (online && queue.length > 0) void sync();
  }, [online, queue.length, sync]);

  const checkOffline = useCallback(async (code: string) => {
    const current = pack.current;
    const hash = current ? await codeHash(code, current.hash.hexLength) : '';
    const verdict = judgeOffline(current, code, hash, await loadQueue(eventId), sessionId);
    if (verdict.kind !== 'ok') {
      show(calmIfOwn(fromOffline(verdict), (_, at) => own.isRecent({ code }, at, Date.now())));
      return;
    }
    const scan = { code, scannedAt: new Date().toISOString(), deviceId: deviceId(), ...(sessionId ? { sessionId } : {}) };
    setQueue(await queueScan(eventId, scan));
    own.record({ code }, scan.scannedAt, Date.parse(scan.scannedAt));
    show(fromOffline(verdict), scan);
  }, [eventId, show, own, sessionId]);

  /** A scanned or typed code: the server's answer, or the offline pack's when there is no network. */
  const checkCode = useCallback(async (raw: string) => {
    const code = raw.trim();
    if (!code) return;
    if (online) {
      try {
        admitted({ code }, await checkIn(eventId, { code }, deviceId(), sessionId));
        void refresh();
        return;
      } catch (err) {
        if (!isNetworkError(err)) {
          refused({ code }, err);
          return;
        }
        setNetworkDown(true);
      }
    }
    await checkOffline(code);
  }, [online, eventId, admitted, refused, refresh, checkOffline, sessionId]);

  /** A registrant picked in the search (online only: the pack holds no registrant ids). */
  const checkRegistrant = useCallback(async (registrantId: string) => {
    try {
      admitted({ registrantId }, await checkIn(eventId, { registrantId }, deviceId(), sessionId));
    } catch (err) {
      if (isNetworkError(err)) setNetworkDown(true);
      refused({ registrantId }, err);
    }
    void refresh();
  }, [eventId, admitted, refused, refresh, sessionId]);

  const undo = useCallback(async (registrantId: string) => {
    await undoCheckIn(eventId, registrantId, sessionId);
    void refresh();
  }, [eventId, refresh, sessionId]);

  return { online, pending: queue.length, queue, pack: packQuery.data ?? storedPack, result, summary: summary.data, differing, checkCode, checkRegistrant, undo };
}
