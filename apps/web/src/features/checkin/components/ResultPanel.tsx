import { CheckCircleFilled, CheckCircleOutlined, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { CHECKIN_TEXT as T, fill, formatWibTime } from '@eo/contract';
import type { DoorResult } from '../door-result';

const TITLE: Record<Exclude<DoorResult['kind'], 'again' | 'failed'>, string> = {
  ok: T.ok, already: T.already, unknown: T.unknown, wrongEvent: T.wrongEvent, refunded: T.refunded, notConfirmed: T.notConfirmed, sessionGone: T.sessionGone,
};
const TONE: Record<DoorResult['kind'], 'ok' | 'calm' | 'warn' | 'bad'> = {
  ok: 'ok', again: 'calm', already: 'warn', unknown: 'bad', wrongEvent: 'bad', refunded: 'bad', notConfirmed: 'bad', sessionGone: 'bad', failed: 'bad',
};
const ICON = { ok: CheckCircleFilled, calm: CheckCircleOutlined, warn: ExclamationCircleFilled, bad: CloseCircleFilled };

const wib = (iso: string) => formatWibTime(new Date(iso));

function titleOf(result: DoorResult): string {
  if (result.kind === 'failed') return fill(T.failed, { reason: result.reason });
  if (result.kind === 'again') return fill(T.again, { time: wib(result.at) });
  return TITLE[result.kind];
}

function Lines({ result }: { result: DoorResult }) {
  switch (result.kind) {
    case 'ok':
      return (
        <>
          <p className="checkin-result-name">{result.name}</p>
          <p>{result.ticketName}</p>
          {result.offline && <p className="checkin-result-note">{T.offlinePending}</p>}
        </>
      );
    case 'already':
      return (
        <>
          {result.name && <p className="checkin-result-name">{result.name}</p>}
          {result.ticketName && <p>{result.ticketName}</p>}
          {result.at && <p>{fill(T.alreadyAt, { time: wib(result.at) })}{result.by ? ` ${fill(T.alreadyBy, { by: result.by })}` : ''}</p>}
        </>
      );
    case 'again':
      return (
        <>
          {result.name && <p className="checkin-result-name">{result.name}</p>}
          {result.ticketName && <p>{result.ticketName}</p>}
          <p className="checkin-result-note">{T.againHere}</p>
        </>
      );
    case 'refunded':
    case 'notConfirmed':
      return result.name ? <p className="checkin-result-name">{result.name}</p> : null;
    default:
      return null;
  }
}

/**
 * The answer to the last scan, large and coloured: green a check-in, amber already in, red a
 * refusal; neutral blue for a ticket this scanner let in a moment ago, shown again.
 */
export function ResultPanel({ result }: { result: { seq: number; value: DoorResult } | null }) {
  const value = result?.value;
  const tone = value && TONE[value.kind];
  const Icon = tone && ICON[tone];
  return (
    <section role="status" aria-live="polite" aria-label={T.result} className={`checkin-result checkin-result-${tone ?? 'idle'}`}>
      {value && Icon ? (
        <div key={result.seq} className="checkin-result-body">
          <Icon className="checkin-result-icon" aria-hidden />
          <h2 className="checkin-result-title">{titleOf(value)}</h2>
          <Lines result={value} />
        </div>
      ) : <p className="checkin-result-idle">{T.resultIdle}</p>}
    </section>
  );
}
