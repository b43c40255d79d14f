import { useRef } from 'react';
import { Button, Progress, Typography } from 'antd';
import { FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { CERT_OWN_MSG, fill, UPLOAD_MSG, UPLOAD_RULES, CERT_TEXT as T } from '@eo/contract';
import { useUpload } from '../../../lib/use-upload';
import type { CsvFile } from '../cert-form-values';
import { readCsvFile } from '../csv-header';

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
  const input = useRef<HTMLInputElement>(null);
  const { progress, error, fail, clearError, upload } = useUpload();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    clearError();
    const read = await csvProblem(file);
    if ('problem' in read) return fail(read.problem);
    const fileUrl = await upload('CSV', file);
    if (fileUrl) onChange({ ...read.csv, fileUrl });
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
