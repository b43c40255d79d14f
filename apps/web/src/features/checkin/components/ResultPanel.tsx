import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { CHECKIN_TEXT as T, fill, formatWibTime } from '@eo/contract';
import type { DoorResult } from '../door-result';

const TITLE: Record<DoorResult['kind'], string> = {
  ok: T.ok, already: T.already, unknown: T.unknown, wrongEvent: T.wrongEvent, refunded: T.refunded, failed: T.failed,
};
const TONE: Record<DoorResult['kind'], 'ok' | 'warn' | 'bad'> = {
  ok: 'ok', already: 'warn', unknown: 'bad', wrongEvent: 'bad', refunded: 'bad', failed: 'bad',
};

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
          {result.at && <p>{fill(T.alreadyAt, { time: formatWibTime(new Date(result.at)) })}{result.by ? ` ${fill(T.alreadyBy, { by: result.by })}` : ''}</p>}
        </>
      );
    case 'refunded':
      return result.name ? <p className="checkin-result-name">{result.name}</p> : null;
    default:
      return null;
  }
}

/** The answer to the last scan, large and coloured: green a check-in, amber already in, red a refusal. */
export function ResultPanel({ result }: { result: { seq: number; value: DoorResult } | null }) {
  const value = result?.value;
  const tone = value ? TONE[value.kind] : 'idle';
  const Icon = tone === 'ok' ? CheckCircleFilled : tone === 'warn' ? ExclamationCircleFilled : CloseCircleFilled;
  return (
    <section role="status" aria-live="polite" aria-label={T.result} className={`checkin-result checkin-result-${tone}`}>
      {value ? (
        <div key={result.seq} className="checkin-result-body">
          <Icon className="checkin-result-icon" aria-hidden />
          <h2 className="checkin-result-title">{value.kind === 'failed' ? fill(TITLE.failed, { reason: value.reason }) : TITLE[value.kind]}</h2>
          <Lines result={value} />
        </div>
      ) : <p className="checkin-result-idle">{T.resultIdle}</p>}
    </section>
  );
}
