import { useState } from 'react';
import { App } from 'antd';
import { CERT_MSG, EVENT_RESULT_MSG, type CertificatePreviewInput } from '@eo/contract';
import { saveErrorText } from '../../../lib/api-client';
import { previewCertificate } from '../api/preview-certificate';

/** The form's PREVIEW: the server's rendering, with the spec's success and failure toasts. */
export function usePreview() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [image, setImage] = useState<string | null>(null);

  const preview = async (input: CertificatePreviewInput) => {
    setBusy(true);
    try {
      setImage(await previewCertificate(input));
      message.success(CERT_MSG.previewed);
    } catch (err) {
      message.error(`${CERT_MSG.previewFailed}: ${saveErrorText(err, EVENT_RESULT_MSG.timedOut)}`);
    } finally {
      setBusy(false);
    }
  };

  return { preview, busy, image, close: () => setImage(null) };
}
