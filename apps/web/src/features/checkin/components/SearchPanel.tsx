import { useEffect, useState } from 'react';
import { App, Button, Input } from 'antd';
import { CHECKIN_TEXT as T, fill, type OfflinePack } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { useCheckinSearch } from '../api/checkins';
import type { QueuedScan } from '../offline/offline-logic';
import { OfflineSearch } from './OfflineSearch';

const DEBOUNCE_MS = 300;

/**
 * Check-in by hand: name, email, phone or code, and a check-in or undo per registrant found (of
 * the door's session, when it has one).
 * Offline, the server's answers (and their buttons) give way to a search of the offline pack.
 */
export function SearchPanel({ eventId, sessionId, online, pack, queue, onCheckIn, onUndo }: {
  eventId: string; sessionId?: string; online: boolean; pack: OfflinePack | undefined; queue: readonly QueuedScan[];
  onCheckIn: (registrantId: string) => Promise<void>; onUndo: (registrantId: string) => Promise<void>;
}) {
  const { message } = App.useApp();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const search = useCheckinSearch(eventId, q, online, sessionId);
  const results = q && online ? search.data : undefined;

  const act = async (registrantId: string, run: () => Promise<void>) => {
    setBusy(registrantId);
    try {
      await run();
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="checkin-card">
      <Input
        aria-label={T.search} placeholder={T.searchHint} value={input} allowClear size="large" type="search"
        onChange={(e) => setInput(e.target.value)}
      />
      {!online && <OfflineSearch pack={pack} queue={queue} q={q} />}
      {online && search.error && <p className="checkin-muted" role="alert">{errorText(search.error)}</p>}
      {results && results.length === 0 && <p className="checkin-muted">{T.searchEmpty}</p>}
      {results && results.length > 0 && (
        <ul className="checkin-list">
          {results.map((r) => (
            <li key={r.registrantId} className="checkin-search-row">
              <span className="checkin-search-who">
                <span className="checkin-list-name">{r.name}</span>
                <span className="checkin-muted">{r.ticketName} · {r.email}</span>
              </span>
              {r.checkedInAt ? (
                <Button
                  key="undo" danger loading={busy === r.registrantId}
                  onClick={() => void act(r.registrantId, async () => {
                    await onUndo(r.registrantId);
                    void message.success(fill(T.undone, { name: r.name }));
                  })}
                >
                  {T.undo}
                </Button>
              ) : (
                <Button key="checkin" type="primary" loading={busy === r.registrantId} onClick={() => void act(r.registrantId, () => onCheckIn(r.registrantId))}>{T.checkIn}</Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
