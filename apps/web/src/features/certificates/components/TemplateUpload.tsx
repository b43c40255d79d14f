import { useRef, useState } from 'react';
import { App, Button, Progress, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { fill, shapeProblem, UPLOAD_MSG, UPLOAD_RULES } from '@eo/contract';
import { imageSize, uploadFile } from '../../../lib/upload-file';
import type { TemplateImage } from '../cert-form-values';
import { CERT_TEXT as T } from '../texts';
import { uploadErrorText } from './upload-error';

const RULE = UPLOAD_RULES.CertificateTemplate;
const MIME = ['image/png', 'image/jpeg'];

interface Props {
  value: TemplateImage | null;
  onChange: (template: TemplateImage) => void;
  disabled?: boolean;
}

/** The certificate background: PNG or JPEG, wider than high (`Template must be horizontal`). */
export function TemplateUpload({ value, onChange, disabled }: Props) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fail = (text: string) => {
    setError(text);
    message.error(text);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      if (!MIME.includes(file.type)) return fail(UPLOAD_MSG.wrongType);
      if (file.size > RULE.maxBytes) return fail(fill(UPLOAD_MSG.tooBig, { n: RULE.maxLabel }));
      const size = await imageSize(file);
      if (!size) return fail(UPLOAD_MSG.wrongType);
      const shape = shapeProblem(RULE, size.width, size.height);
      if (shape) return fail(shape);
      setProgress(0);
      onChange({ url: await uploadFile('CertificateTemplate', file, setProgress), size });
    } catch (err) {
      fail(uploadErrorText(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="cert-template-upload">
      <input
        ref={input} type="file" accept={MIME.join(',')} style={{ display: 'none' }} aria-label={T.template} disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared at once so choosing the same file again (after a refusal) fires again.
          e.target.value = '';
          onFile(file);
        }}
      />
      <Button icon={<PictureOutlined />} disabled={disabled || progress !== null} onClick={() => input.current?.click()}>
        {progress !== null ? T.uploading : value ? T.changeTemplate : T.uploadTemplate}
      </Button>
      <Typography.Text type="secondary" className="cert-hint">{T.templateHint}</Typography.Text>
      {progress !== null && <Progress percent={progress} size="small" aria-label={T.uploading} />}
      {error && <Typography.Text type="danger" role="alert">{error}</Typography.Text>}
    </div>
  );
}
