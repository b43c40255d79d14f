import { Typography } from 'antd';
import { fill, EVALUATION_TEXT as T, type Evaluation } from '@eo/contract';
import { formatDateTime } from '../../../../lib/dates';

/** When answers are taken, defaults applied, as the API computed it. */
export function EffectiveWindow({ window }: { window: Evaluation['window'] }) {
  return (
    <Typography.Text type="secondary" className="evaluation-effective">
      {window ? fill(T.effective, { from: formatDateTime(window.opensAt), to: formatDateTime(window.closesAt) }) : T.noWindow}
    </Typography.Text>
  );
}

/** The window as saved (an edge left empty reads "Bawaan") and as it applies. */
export function WindowSummary({ evaluation }: { evaluation: Evaluation }) {
  const edge = (iso: string | null) => (iso ? fill(T.wib, { time: formatDateTime(iso) }) : T.byDefault);
  return (
    <section className="evaluation-window" aria-label={T.window}>
      <Typography.Title level={4}>{T.window}</Typography.Title>
      <dl className="evaluation-window-edges">
        <dt>{T.opensAt}</dt><dd>{edge(evaluation.opensAt)}</dd>
        <dt>{T.closesAt}</dt><dd>{edge(evaluation.closesAt)}</dd>
      </dl>
      <EffectiveWindow window={evaluation.window} />
    </section>
  );
}
