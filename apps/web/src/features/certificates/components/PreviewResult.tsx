import { Button, Modal } from 'antd';
import { CERT_TEXT as T } from '@eo/contract';

/** The server's rendering asked for with the form's PREVIEW. */
export function PreviewResult({ image, onClose }: { image: string | null; onClose: () => void }) {
  return (
    <Modal open={image !== null} title={T.previewTitle} onCancel={onClose} width={760} footer={<Button onClick={onClose}>{T.close}</Button>}>
      {image && <img src={image} alt={T.previewImage} className="cert-preview-img" />}
    </Modal>
  );
}
