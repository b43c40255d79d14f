import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { cancelRegistrantBodySchema, fill, REGISTRANT_CANCEL_TEXT as T } from '@eo/contract';
import { errorText } from '../../../../lib/api-client';
import type { Registrant } from '../api/get-registrants';
import { useCancelRegistrant } from './cancel-registrant';

/** The reason's limit, read from the schema that judges it. */
const REASON_MAX = cancelRegistrantBodySchema.shape.reason.unwrap().unwrap().maxLength ?? undefined;

interface Props {
  eventId: string;
  /** Whose registration to cancel; null while closed. */
  registrant: Registrant | null;
  onClose: () => void;
}

/**
 * Asks for the optional reason (mailed to the person as written) and cancels. A refusal (paid,
 * already checked in, no longer cancellable) stays in the dialog with the API's words.
 */
export function CancelRegistrantModal({ eventId, registrant, onClose }: Props) {
  const { message } = App.useApp();
  const cancel = useCancelRegistrant(eventId);
  const [reason, setReason] = useState('');
  // The last person asked about stays named while the dialog fades out.
  const [named, setNamed] = useState<Registrant | null>(null);
  if (registrant && registrant !== named) setNamed(registrant);

  const submit = async () => {
    if (!registrant) return;
    try {
      await cancel.mutateAsync({ registrantId: registrant.id, reason: reason.trim() });
      void message.success(fill(T.done, { name: registrant.name }));
      onClose();
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const busy = cancel.isPending;
  return (
    <Modal
      open={registrant !== null}
      title={T.title}
      okText={T.confirm}
      cancelText={T.back}
      okButtonProps={{ danger: true, loading: busy }}
      // Not closed mid-call: its answer belongs to this person.
      cancelButtonProps={{ disabled: busy }} closable={!busy} mask={{ closable: !busy }} keyboard={!busy}
      onOk={() => void submit()}
      onCancel={onClose}
      // Each opening starts without the last one's reason or refusal.
      afterClose={() => {
        setReason('');
        cancel.reset();
      }}
    >
      <Typography.Paragraph>{named && fill(T.who, { name: named.name })}</Typography.Paragraph>
      {cancel.error && <Alert type="error" showIcon role="alert" className="cancel-refused" title={errorText(cancel.error)} />}
      <Form layout="vertical">
        <Form.Item label={T.reason} htmlFor="registrant-cancel-reason">
          <Input.TextArea id="registrant-cancel-reason" rows={3} maxLength={REASON_MAX} showCount value={reason} onChange={(e) => setReason(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
