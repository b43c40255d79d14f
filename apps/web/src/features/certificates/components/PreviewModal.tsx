import { Button, Modal, Spin } from 'antd';
import { useNavigate } from 'react-router';
import type { Certificate } from '@eo/contract';
import { useStoredPreview } from '../api/preview-certificate';
import { CERT_TEXT as T } from '@eo/contract';

/**
 * The list's Preview: the certificate rendered with the sample name. A failed preview shows
 * nothing more (spec section 8: it fails silently); drafts offer EDIT CERTIFICATE.
 */
export function PreviewModal({ certificate, onClose }: { certificate: Certificate | null; onClose: () => void }) {
  const navigate = useNavigate();
  const preview = useStoredPreview(certificate);
  const footer = [
    <Button key="close" type="link" onClick={onClose}>{T.closePreview}</Button>,
    ...(certificate?.status === 'drafted'
      ? [<Button key="edit" type="primary" onClick={() => navigate(`/certificate/edit/${certificate.id}`)}>{T.editCertificate}</Button>]
      : []),
  ];
  return (
    <Modal open={certificate !== null} title={T.previewTitle} onCancel={onClose} footer={footer} width={760} destroyOnHidden>
      <div className="cert-preview-body" aria-busy={preview.isFetching}>
        {preview.isFetching && <Spin size="large" />}
        {preview.data && !preview.isFetching && <img src={preview.data} alt={T.previewImage} className="cert-preview-img" />}
      </div>
    </Modal>
  );
}
