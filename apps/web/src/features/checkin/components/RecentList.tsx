import { CHECKIN_TEXT as T, fill, formatWibTime } from '@eo/contract';
import type { CheckinSummary } from '../api/checkins';
import type { SyncDifference } from '../use-door';

/** The event's last check-ins (all scanners), and the offline scans whose sync answer differed. */
export function RecentList({ recent, differing }: { recent: CheckinSummary['recent']; differing: SyncDifference[] }) {
  return (
    <section className="checkin-card">
      <h2 className="checkin-heading">{T.recent}</h2>
      {differing.length > 0 && (
        <div className="checkin-differing" role="alert">
          <p className="checkin-differing-title">{T.syncDiffers}</p>
          <ul>
            {differing.map(({ scan, result }) => (
              <li key={`${scan.deviceId}-${scan.scannedAt}-${scan.code}`}>
                <strong>{result.name ?? scan.code}</strong> · {formatWibTime(new Date(scan.scannedAt))} · {result.message}
                {result.checkedInAt ? ` (${formatWibTime(new Date(result.checkedInAt))}${result.checkedInBy ? ` ${fill(T.recentBy, { by: result.checkedInBy })}` : ''})` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
      {recent.length === 0 ? <p className="checkin-muted">{T.recentEmpty}</p> : (
        <ul className="checkin-list">
          {recent.map((r) => (
            <li key={`${r.registrantId}-${r.at}`} className={r.undone ? 'checkin-undone' : undefined}>
              <span className="checkin-list-name">{r.name}</span>
              <span className="checkin-muted">
                {r.ticketName} · {formatWibTime(new Date(r.at))}{r.by ? ` · ${fill(T.recentBy, { by: r.by })}` : ''}{r.undone ? ` · ${T.recentUndone}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
