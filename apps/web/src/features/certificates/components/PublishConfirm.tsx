import { Button, Modal, Typography } from 'antd';
import { CERT_MSG, CERT_TEXT as T } from '@eo/contract';

/** Spec section 2: the publish confirmation, with PUBLISH and CANCEL. */
export function PublishConfirm({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Modal
      open={open} title={CERT_MSG.publishTitle} onCancel={onCancel} destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>{T.cancel}</Button>,
        <Button key="publish" type="primary" onClick={onConfirm}>{T.publish}</Button>,
      ]}
    >
      <Typography.Paragraph>{CERT_MSG.publishBody}</Typography.Paragraph>
    </Modal>
  );
}
