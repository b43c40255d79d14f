import type { CheckinOutcome, CheckinSyncItem, OfflinePack } from '@eo/contract';

/** CHECKIN_ID.checkedIn, written out (see door-result.ts). */
const CHECKED_IN: CheckinOutcome = 'CHECKED_IN';

/** A scan made offline, as /checkins/sync takes it: for a session when the door was set to one. */
export interface QueuedScan { code: string; scannedAt: string; deviceId: string; sessionId?: string }

/** Whether two scans are of one attendance: the same code for the same session (or both for none). */
const sameAttendance = (a: Pick<QueuedScan, 'code' | 'sessionId'>, b: Pick<QueuedScan, 'code' | 'sessionId'>) =>
  a.code === b.code && (a.sessionId ?? null) === (b.sessionId ?? null);

/** Hex of the first characters of SHA-256(code), as the offline pack keeps codes (`pack.hash.hexLength`, 24). */
export async function codeHash(code: string, hexLength: number): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('').slice(0, hexLength);
}

type Entry = OfflinePack['entries'][number];
// One index per pack (up to 100,000 entries): built on the first offline scan, not per scan.
const indexes = new WeakMap<OfflinePack, Map<string, Entry>>();
function indexOf(pack: OfflinePack): Map<string, Entry> {
  let index = indexes.get(pack);
  if (!index) indexes.set(pack, (index = new Map(pack.entries.map((e) => [e.hash, e]))));
  return index;
}

export type OfflineVerdict =
  | { kind: 'ok'; name: string; ticketName: string }
  | { kind: 'already'; name: string; ticketName: string; at: string | null }
  | { kind: 'unknown' };

/**
 * A scan judged without the server: unknown when the pack has no such hash (or there is no pack);
 * already checked in when the pack says so (for the session, when the door is set to one) or this
 * code waits in the queue for the same session (with that scan's time); else checked in, to be
 * queued.
 */
export function judgeOffline(pack: OfflinePack | undefined, code: string, hash: string, queue: readonly QueuedScan[], sessionId?: string): OfflineVerdict {
  const entry = pack ? indexOf(pack).get(hash) : undefined;
  if (!pack || !entry) return { kind: 'unknown' };
  const known = { name: entry.name, ticketName: pack.tickets[entry.ticket]?.name ?? '' };
  const queued = queue.find((s) => sameAttendance(s, { code, sessionId }));
  if (queued) return { kind: 'already', ...known, at: queued.scannedAt };
  // A pack kept from before sessions existed lists none: no session attended.
  const attended = sessionId ? (entry.sessions ?? []).includes((pack.sessions ?? []).findIndex((s) => s.id === sessionId)) : entry.checkedIn;
  if (attended) return { kind: 'already', ...known, at: null };
  return { kind: 'ok', ...known };
}

/** The queue with `scan` added; a code already queued for the same session keeps its first scan (the first check-in wins). */
export function enqueue(queue: readonly QueuedScan[], scan: QueuedScan): QueuedScan[] {
  return queue.some((s) => sameAttendance(s, scan)) ? [...queue] : [...queue, scan];
}

const keyOf = (s: QueuedScan) => `${s.deviceId}\u0000${s.scannedAt}\u0000${s.code}\u0000${s.sessionId ?? ''}`;
/** One scan: the same device, time, code and session. */
export const sameScan = (a: QueuedScan, b: QueuedScan) => keyOf(a) === keyOf(b);

/**
 * After a sync of `sent` answered by `results` (one each, in order): every scan the server answered
 * is settled and leaves the queue, whatever the answer (sending it again gives the same); scans
 * queued meanwhile stay. `differing` are the answers other than a check-in (duplicates, refusals),
 * to be shown.
 */
export function settleQueue(queue: readonly QueuedScan[], sent: readonly QueuedScan[], results: readonly CheckinSyncItem[]) {
  const answered = new Set(sent.filter((_, i) => results[i] !== undefined).map(keyOf));
  return {
    remaining: queue.filter((s) => !answered.has(keyOf(s))),
    differing: sent.flatMap((scan, i) => (results[i] && results[i].outcome !== CHECKED_IN ? [{ scan, result: results[i] }] : [])),
  };
}
