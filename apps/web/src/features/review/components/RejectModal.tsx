import { useEffect } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { approvalBodySchema, REVIEW_REASON_MAX, REVIEW_TEXT as T } from '@eo/contract';

interface Props {
  eventName: string | null;
  /** The dialog's title and button: an event's by default, a revision's when given. */
  title?: string;
  okText?: string;
  busy: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}

/** Asks why: the contract's rule (a reason, at most 500 characters) with its message. */
export function RejectModal({ eventName, title = T.rejectTitle, okText = T.rejectOk, busy, onReject, onClose }: Props) {
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (eventName !== null) form.resetFields();
  }, [eventName, form]);
  const rule = {
    validator: async (_: unknown, value: string | undefined) => {
      const parsed = approvalBodySchema.safeParse({ approvedStatus: 'rejected', reason: value ?? '' });
      if (!parsed.success) throw new Error(parsed.error.issues[0].message);
    },
  };
  return (
    <Modal
      open={eventName !== null}
      title={title}
      okText={okText}
      cancelText={T.cancel}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={() => form.validateFields().then((v) => onReject(v.reason.trim()), () => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph strong className="review-modal-name">{eventName}</Typography.Paragraph>
      <Typography.Paragraph>{T.reasonHint}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="reason" label={T.reason} rules={[rule]}>
          <Input.TextArea rows={4} maxLength={REVIEW_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
