import { Form, Switch } from 'antd';
import { TICKET_TEXT as T } from '@eo/contract';
import { AccessCodeFields } from './AccessCodeFields';
import type { SectionProps } from './section-props';

interface Props extends SectionProps {
  /** The stored event's id: a hidden ticket's link needs it. */
  eventId: string | null;
}

/** Approval and waiting list (free tickets) and a hidden ticket's code: asked only for internal registration. */
export function SeatFields({ eventId, ...section }: Props) {
  const { form, patch, idBase } = section;
  const hidden = form.accessCode !== null;
  // Approval and the waiting list move seats, never money: free tickets only.
  const free = form.type === 'free';
  return (
    <>
      {free && (
        <Form.Item label={T.requiresApproval} htmlFor={`${idBase}-approval`} extra={T.requiresApprovalHint}>
          <Switch id={`${idBase}-approval`} checked={form.requiresApproval} onChange={(requiresApproval) => patch({ requiresApproval })} />
        </Form.Item>
      )}
      {free && form.quotaType === 'limited' && (
        <Form.Item label={T.waitlist} htmlFor={`${idBase}-waitlist`} extra={T.waitlistHint}>
          <Switch id={`${idBase}-waitlist`} checked={form.waitlist} onChange={(waitlist) => patch({ waitlist })} />
        </Form.Item>
      )}
      <Form.Item label={T.hidden} htmlFor={`${idBase}-hidden`} extra={T.hiddenHint}>
        {/* Off clears the code: a ticket everyone sees has none. */}
        <Switch id={`${idBase}-hidden`} checked={hidden} onChange={(on) => patch({ accessCode: on ? '' : null })} />
      </Form.Item>
      {hidden && <AccessCodeFields {...section} eventId={eventId} />}
    </>
  );
}
