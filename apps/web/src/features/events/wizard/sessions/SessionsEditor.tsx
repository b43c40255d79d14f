import { Button, Form, Typography } from 'antd';
import type { FormListProps } from 'antd/es/form';
import { PlusOutlined } from '@ant-design/icons';
import { SESSION_LIMITS, SESSION_TEXT as S } from '@eo/contract';
import { contractRule, useWizard } from '../wizard-context';
import { emptySessionRow, type SessionRow } from './session-rows';
import { SessionRowFields } from './SessionRowFields';
import './sessions.css';

type ListRule = NonNullable<FormListProps['rules']>[number];

/** The event's sessions: optional rows, at most SESSION_LIMITS.maxSessions. */
export function SessionsEditor() {
  const { form, issueCtx } = useWizard();
  const rows = (Form.useWatch('sessions', { form, preserve: true }) as SessionRow[] | undefined) ?? [];
  // "Too many" is the list's own message (path `sessions`); contractRule is a validator rule.
  const listRule = contractRule(form, issueCtx, 'sessions') as ListRule;
  return (
    <section className="sessions" aria-labelledby="sessions-title">
      <Typography.Title level={3} className="wizard-section-title" id="sessions-title">{S.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{S.help}</Typography.Paragraph>
      <Form.List name="sessions" rules={[listRule]}>
        {(fields, { add, remove }, { errors }) => {
          const full = fields.length >= SESSION_LIMITS.maxSessions;
          return (
            <div className="session-rows">
              {fields.map((f) => (
                <SessionRowFields key={f.key} index={f.name} name={rows[f.name]?.name ?? ''} onRemove={() => remove(f.name)} />
              ))}
              <Form.ErrorList errors={errors} />
              <div className="session-add">
                <Button type="dashed" icon={<PlusOutlined />} disabled={full} onClick={() => add(emptySessionRow())}>{S.add}</Button>
                {full && <Typography.Text type="secondary">{S.full(SESSION_LIMITS.maxSessions)}</Typography.Text>}
              </div>
            </div>
          );
        }}
      </Form.List>
    </section>
  );
}
