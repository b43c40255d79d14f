import { Form, Typography } from 'antd';
import { EVALUATION_LIMITS as L, fill, EVALUATION_TEXT as T, type Evaluation } from '@eo/contract';
import type { FieldErrors } from './evaluation-draft';
import { EffectiveWindow } from './WindowSummary';
import { WibDateTimeInput } from './WibDateTimeInput';

type Edge = 'opensAt' | 'closesAt';

interface Props {
  opensAt: string | null;
  closesAt: string | null;
  /** The window as the API last computed it (defaults applied). */
  window: Evaluation['window'];
  errors: FieldErrors;
  onChange: (edge: Edge, value: string | null) => void;
}

/** The window's two optional edges in WIB; an empty one takes its default, explained under them. */
export function WindowFields({ opensAt, closesAt, window, errors, onChange }: Props) {
  const edge = (name: Edge, label: string, defaultHour: string, value: string | null) => (
    <Form.Item label={label} className="evaluation-edge" validateStatus={errors.get(name) ? 'error' : undefined} help={errors.get(name)}>
      <WibDateTimeInput
        field={label} value={value} defaultHour={defaultHour} invalid={errors.has(name)} onChange={(v) => onChange(name, v)}
      />
    </Form.Item>
  );
  return (
    <section className="evaluation-window" aria-label={T.window}>
      <Typography.Title level={4}>{T.window}</Typography.Title>
      <div className="evaluation-window-fields">
        {edge('opensAt', T.opensAt, '00:00', opensAt)}
        {edge('closesAt', T.closesAt, '23:59', closesAt)}
      </div>
      <Typography.Paragraph type="secondary" className="evaluation-window-help">
        {fill(T.windowHelp, { days: L.defaultOpenDaysAfter })}
      </Typography.Paragraph>
      <EffectiveWindow window={window} />
    </section>
  );
}
