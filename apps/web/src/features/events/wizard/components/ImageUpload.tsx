import { useRef } from 'react';
import { Button, Progress, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { fill, shapeProblem, UPLOAD_MSG, UPLOAD_RULES, type ImageDocType, WIZARD_TEXT as T } from '@eo/contract';
import { imageSize } from '../../../../lib/upload-file';
import { useUpload } from '../../../../lib/use-upload';

const MIME: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg' };

interface Props {
  value?: string | null;
  onChange?: (url: string | null) => void;
  docType: ImageDocType;
  label: string;
  hint?: string;
  disabled?: boolean;
  /** CSS aspect ratio of the preview box, e.g. '4 / 5'. */
  aspect?: string;
}

/** Checks a file against the contract's rule for its docType before sending (the server decides again). */
async function localProblem(docType: ImageDocType, file: File): Promise<string | null> {
  const rule = UPLOAD_RULES[docType];
  if (!rule.kinds.some((k) => MIME[k] === file.type)) return UPLOAD_MSG.wrongType;
  if (file.size > rule.maxBytes) return fill(UPLOAD_MSG.tooBig, { n: rule.maxLabel });
  const size = await imageSize(file);
  if (!size) return UPLOAD_MSG.wrongType;
  return shapeProblem(rule, size.width, size.height);
}

/** An image field: choose, check, upload with progress, preview, change or remove. */
export function ImageUpload({ value, onChange, docType, label, hint, disabled, aspect = '1 / 1' }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const { progress, error, fail, clearError, upload } = useUpload();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    clearError();
    const problem = await localProblem(docType, file);
    if (problem) return fail(problem);
    const url = await upload(docType, file);
    if (input.current) input.current.value = '';
    if (url) onChange?.(url);
  };

  const accept = UPLOAD_RULES[docType].kinds.map((k) => MIME[k]).join(',');
  return (
    <div className="image-upload">
      <div className="image-upload-box" style={{ aspectRatio: aspect }}>
        {value ? <img src={value} alt={label} /> : <UploadOutlined className="image-upload-icon" aria-hidden />}
        {progress !== null && (
          <div className="image-upload-progress">
            <Progress type="circle" percent={progress} size={64} aria-label={T.uploading} />
          </div>
        )}
      </div>
      <div className="image-upload-side">
        <input
          ref={input} type="file" accept={accept} style={{ display: 'none' }} aria-label={label} disabled={disabled}
          onChange={(e) => onFile(e.target.files?.[0])}
        />
        <Button
          icon={<UploadOutlined />} disabled={disabled || progress !== null} onClick={() => input.current?.click()}
          aria-label={`${value ? T.change_file : T.upload} ${label}`}
        >
          {progress !== null ? T.uploading : value ? T.change_file : T.upload}
        </Button>
        {value && !disabled && (
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${T.removeFile} ${label}`} onClick={() => onChange?.(null)} />
        )}
        {hint && <Typography.Text type="secondary" className="image-upload-hint">{hint}</Typography.Text>}
        {error && <Typography.Text type="danger" role="alert">{error}</Typography.Text>}
      </div>
    </div>
  );
}
