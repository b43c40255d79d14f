import { useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { DECISION_REASON_MAX, fill, PENDING_TEXT as T } from '@eo/contract';
import type { Registrant } from '../api/get-registrants';

interface Props {
  /** Whom the decline is for; null while closed. */
  people: Registrant[] | null;
  busy: boolean;
  onDecline: (reason: string) => void;
  onClose: () => void;
}

/** Asks for the optional reason (mailed to each person as written) before declining. */
export function DeclineModal({ people, busy, onDecline, onClose }: Props) {
  const [reason, setReason] = useState('');
  // The last people asked about stay named while the dialog fades out.
  const [named, setNamed] = useState<Registrant[]>([]);
  if (people && people !== named) setNamed(people);
  const who = named.length === 1 ? fill(T.declineWho, { name: named[0].name }) : fill(T.declineMany, { n: named.length });
  return (
    <Modal
      open={people !== null}
      title={T.declineTitle}
      okText={T.decline}
      cancelText={T.cancel}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => onDecline(reason.trim())}
      onCancel={onClose}
      // Each opening starts without the last one's reason.
      afterClose={() => setReason('')}
    >
      <Typography.Paragraph>{who}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={T.reason} htmlFor="pending-decline-reason">
          <Input.TextArea id="pending-decline-reason" rows={3} maxLength={DECISION_REASON_MAX} showCount value={reason} onChange={(e) => setReason(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
