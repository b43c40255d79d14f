import { useEffect, useMemo, useState } from 'react';
import { CHECKIN_TEXT as T, fill, formatWibDateTime, type OfflinePack } from '@eo/contract';
import { codeHash, type QueuedScan } from '../offline/offline-logic';
import { searchPack } from '../offline/pack-search';

/** The hashes of the codes waiting in this scanner's queue, as the pack keeps codes. */
function useQueuedHashes(pack: OfflinePack | undefined, queue: readonly QueuedScan[]): ReadonlySet<string> {
  const [hashes, setHashes] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    if (!pack) return;
    let live = true;
    void Promise.all(queue.map((s) => codeHash(s.code, pack.hash.hexLength))).then((h) => live && setHashes(new Set(h)));
    return () => { live = false; };
  }, [pack, queue]);
  return hashes;
}

/**
 * The search without a network: names found in the offline pack, each with its category and
 * whether it is checked in, and no buttons (the pack holds no registrant ids, so a check-in by
 * hand must wait for the network; a scan or a typed code works offline). Without a pack, it says
 * that search needs a connection.
 */
export function OfflineSearch({ pack, queue, q }: { pack: OfflinePack | undefined; queue: readonly QueuedScan[]; q: string }) {
  const queued = useQueuedHashes(pack, queue);
  const matches = useMemo(() => (pack && q ? searchPack(pack, q, queued) : []), [pack, q, queued]);
  if (!pack) return <p className="checkin-muted">{T.searchOfflineNoPack}</p>;
  return (
    <>
      <p className="checkin-muted">{fill(T.searchOffline, { time: formatWibDateTime(new Date(pack.generatedAt)) })}</p>
      {q && matches.length === 0 && <p className="checkin-muted">{T.searchEmpty}</p>}
      {matches.length > 0 && (
        <ul className="checkin-list">
          {matches.map((m) => (
            <li key={m.hash} className="checkin-search-row">
              <span className="checkin-search-who">
                <span className="checkin-list-name">{m.name}</span>
                <span className="checkin-muted">{m.ticketName}</span>
              </span>
              <span className={m.checkedIn ? 'checkin-state-in' : 'checkin-muted'}>{m.checkedIn ? T.searchStateIn : T.searchStateOut}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
