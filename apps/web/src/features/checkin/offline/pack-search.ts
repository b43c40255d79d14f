import type { OfflinePack } from '@eo/contract';

/** Matches shown at most: the door needs the few that match (as the online search answers). */
export const PACK_SEARCH_MAX = 20;

export interface PackMatch { hash: string; name: string; ticketName: string; checkedIn: boolean }

/** Lower case without accents, so "rene" finds "René". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('id');

/**
 * The search without a network: the pack's holders whose name contains `q`. The pack keeps names
 * (no email, phone or code), so names are all it can match. Checked in when the pack said so
 * when it was made, or when a scan of that ticket waits in this scanner's queue (`queuedHashes`).
 */
export function searchPack(pack: OfflinePack, q: string, queuedHashes: ReadonlySet<string>, max = PACK_SEARCH_MAX): PackMatch[] {
  const needle = fold(q.trim());
  if (!needle) return [];
  const found: PackMatch[] = [];
  for (const entry of pack.entries) {
    if (!fold(entry.name).includes(needle)) continue;
    found.push({
      hash: entry.hash, name: entry.name, ticketName: pack.tickets[entry.ticket]?.name ?? '',
      checkedIn: entry.checkedIn || queuedHashes.has(entry.hash),
    });
    if (found.length === max) break;
  }
  return found;
}
