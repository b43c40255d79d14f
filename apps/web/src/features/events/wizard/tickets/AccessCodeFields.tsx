import { Button, Form, Input, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { TICKET_TEXT as T } from '@eo/contract';
import { hiddenTicketUrl, isAccessCode, randomAccessCode } from './access-code';
import type { SectionProps } from './section-props';

/** A hidden ticket's code (typed or generated) and, once the event is stored, the link that shows it. */
export function AccessCodeFields({ form, patch, status, touch, idBase, eventId }: SectionProps & { eventId: string | null }) {
  const code = form.accessCode ?? '';
  const set = (accessCode: string) => { patch({ accessCode }); touch('accessCode'); };
  // A link with a code the ticket would refuse is worth nothing: it waits for a valid one.
  const url = eventId && isAccessCode(code) ? hiddenTicketUrl(eventId, code) : null;
  return (
    <>
      <Form.Item
        label={T.accessCode} htmlFor={`${idBase}-code`} required extra={eventId ? undefined : T.hiddenLinkLater} {...status('accessCode')}
      >
        <div className="ticket-code-row">
          <Input
            id={`${idBase}-code`} className="ticket-grow" value={code} maxLength={32} autoComplete="off" spellCheck={false}
            onChange={(e) => set(e.target.value)} onBlur={() => touch('accessCode')}
          />
          <Button icon={<ReloadOutlined />} onClick={() => set(randomAccessCode())}>{T.generateCode}</Button>
        </div>
      </Form.Item>
      {url && (
        <Form.Item label={T.hiddenLink}>
          <Typography.Paragraph className="ticket-code-link" copyable={{ text: url }}>{url}</Typography.Paragraph>
        </Form.Item>
      )}
    </>
  );
}
