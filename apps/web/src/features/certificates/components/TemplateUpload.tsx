import { useRef } from 'react';
import { Button, Progress, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { fill, shapeProblem, UPLOAD_MSG, UPLOAD_RULES, CERT_TEXT as T } from '@eo/contract';
import { imageSize } from '../../../lib/upload-file';
import { useUpload } from '../../../lib/use-upload';
import type { TemplateImage } from '../cert-form-values';

const RULE = UPLOAD_RULES.CertificateTemplate;
const MIME = ['image/png', 'image/jpeg'];

interface Props {
  value: TemplateImage | null;
  onChange: (template: TemplateImage) => void;
  disabled?: boolean;
}

/** The certificate background: PNG or JPEG, wider than high (`Template must be horizontal`). */
export function TemplateUpload({ value, onChange, disabled }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const { progress, error, fail, clearError, upload } = useUpload();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    clearError();
    if (!MIME.includes(file.type)) return fail(UPLOAD_MSG.wrongType);
    if (file.size > RULE.maxBytes) return fail(fill(UPLOAD_MSG.tooBig, { n: RULE.maxLabel }));
    const size = await imageSize(file);
    if (!size) return fail(UPLOAD_MSG.wrongType);
    const shape = shapeProblem(RULE, size.width, size.height);
    if (shape) return fail(shape);
    const url = await upload('CertificateTemplate', file);
    if (url) onChange({ url, size });
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
