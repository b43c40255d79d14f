import { useRef, useState } from 'react';
import { App, Button, Progress, Typography } from 'antd';
import { FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { CERT_OWN_MSG, fill, UPLOAD_MSG, UPLOAD_RULES } from '@eo/contract';
import { uploadFile } from '../../../lib/upload-file';
import type { CsvFile } from '../cert-form-values';
import { readCsvFile } from '../csv-header';
import { CERT_TEXT as T } from '../texts';
import { uploadErrorText } from './upload-error';

const RULE = UPLOAD_RULES.CSV;

/** Why a file cannot be the participant list, read in the browser before it is sent. */
async function csvProblem(file: File): Promise<{ problem: string } | { csv: Omit<CsvFile, 'fileUrl'> }> {
  if (!/\.csv$/i.test(file.name)) return { problem: UPLOAD_MSG.wrongType };
  if (file.size > RULE.maxBytes) return { problem: fill(UPLOAD_MSG.tooBig, { n: RULE.maxLabel }) };
  try {
    const summary = await readCsvFile(file);
    if (!summary.columns.length) return { problem: CERT_OWN_MSG.csvUnreadable };
    if (!summary.totalRecipient) return { problem: CERT_OWN_MSG.csvEmpty };
    return { csv: { fileName: file.name.slice(0, 255), columns: summary.columns, totalRecipient: summary.totalRecipient } };
  } catch {
    return { problem: CERT_OWN_MSG.csvUnreadable };
  }
}

interface Props {
  /** The file input's id, named by the Form.Item label `CSV Participant`. */
  id: string;
  value: CsvFile | null;
  onChange: (csv: CsvFile) => void;
  disabled?: boolean;
}

/** Recipient CSV: choose, read its header and count, upload with progress; CHANGE CSV afterwards. */
export function CsvUpload({ id, value, onChange, disabled }: Props) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const read = await csvProblem(file);
    const fail = (text: string) => {
      setError(text);
      message.error(text);
    };
    if ('problem' in read) return fail(read.problem);
    try {
      setProgress(0);
      const fileUrl = await uploadFile('CSV', file, setProgress);
      onChange({ ...read.csv, fileUrl });
    } catch (err) {
      fail(uploadErrorText(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="cert-csv">
      <input
        ref={input} id={id} type="file" accept=".csv,text/csv" style={{ display: 'none' }} disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared at once so choosing the same file again (after a refusal) fires again.
          e.target.value = '';
          onFile(file);
        }}
      />
      {value && (
        <div className="cert-csv-file">
          <FileTextOutlined aria-hidden />
          <Typography.Text strong className="cert-csv-name">{value.fileName}</Typography.Text>
          <Typography.Text type="secondary">{T.recipients(value.totalRecipient)}</Typography.Text>
        </div>
      )}
      {progress !== null && <Progress percent={progress} size="small" aria-label={T.uploading} />}
      <Button icon={<UploadOutlined />} disabled={disabled || progress !== null} onClick={() => input.current?.click()}>
        {progress !== null ? T.uploading : value ? T.changeCsv : T.uploadCsv}
      </Button>
      <Typography.Text type="secondary" className="cert-hint">{T.csvHint}</Typography.Text>
      {error && <Typography.Text type="danger" role="alert">{error}</Typography.Text>}
    </div>
  );
}
