import type { ReactNode } from 'react';
import { Checkbox, Form, InputNumber, Spin, Typography } from 'antd';
import { CERT_RULE_LIMITS, CERT_RULES_MSG as M, fill } from '@eo/contract';
import { errorText } from '../../../lib/api-client';
import { useEligibleCount } from '../api/get-eligible-count';
import { rulesOf, type CertFormValues } from '../cert-form-values';

interface Props {
  eventId?: string;
  disabled?: boolean;
}

/**
 * The rules of a certificate for those who meet them (sessions attended, as a count or a
 * percentage of the event's sessions, and the evaluation answered), and how many meet them now,
 * counted by the API as the rules change. A rule the event cannot take (no sessions) is the
 * API's message, shown in place of the count.
 */
export function EligibleRules({ eventId, disabled }: Props) {
  const minSessions = Form.useWatch<CertFormValues['minSessions']>('minSessions');
  const minSessionPercent = Form.useWatch<CertFormValues['minSessionPercent']>('minSessionPercent');
  const evaluationRequired = Form.useWatch<CertFormValues['evaluationRequired']>('evaluationRequired');
  const rules = rulesOf({ minSessions, minSessionPercent, evaluationRequired });
  const count = useEligibleCount(eventId, rules);
  let text: ReactNode;
  if (!eventId) text = <Typography.Text type="secondary">{M.pickEvent}</Typography.Text>;
  else if (!rules) text = <Typography.Text type="secondary">{M.missingRules}</Typography.Text>;
  else if (count.isPending) text = count.fetchStatus === 'idle' ? null : <Spin size="small" />;
  else if (count.error) text = <Typography.Text type="danger" role="alert">{errorText(count.error)}</Typography.Text>;
  else text = <Typography.Text strong>{fill(M.count, { n: count.data })}</Typography.Text>;
  return (
    <fieldset className="cert-rules" disabled={disabled}>
      <legend>{M.rulesTitle}</legend>
      <Form.Item name="minSessions" label={M.minSessions} htmlFor="cert-min-sessions"
        rules={[{ type: 'integer', min: 1, max: CERT_RULE_LIMITS.maxMinSessions, message: M.minSessionsRange }]}>
        <InputNumber id="cert-min-sessions" min={1} max={CERT_RULE_LIMITS.maxMinSessions} precision={0} disabled={disabled} />
      </Form.Item>
      <Form.Item name="minSessionPercent" label={M.minSessionShare} htmlFor="cert-min-share"
        rules={[{ type: 'number', min: 1, max: 100, message: M.minSessionShareRange }]}>
        <InputNumber id="cert-min-share" min={1} max={100} precision={0} suffix="%" disabled={disabled} />
      </Form.Item>
      <Form.Item name="evaluationRequired" valuePropName="checked">
        <Checkbox id="cert-evaluation-required" disabled={disabled}>{M.evaluationRequired}</Checkbox>
      </Form.Item>
      <div id="cert-eligible" className="cert-attendees" aria-live="polite">
        {text}
        <Typography.Text type="secondary" className="cert-hint">{M.hint}</Typography.Text>
      </div>
    </fieldset>
  );
}
