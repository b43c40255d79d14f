import { Alert, Button, Input } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { API_KEYS_TEXT as T } from '@eo/contract';
import { useCopy } from '../../../lib/use-copy';

/** The key just made, with a copy button and the warning that it will not be shown again. */
export function NewApiKey({ value }: { value: string }) {
  const copy = useCopy(T);
  return (
    <>
      <Alert type="warning" showIcon role="alert" title={T.shownWarning} style={{ marginBottom: 16 }} />
      <div className="integrations-key">
        <Input className="integrations-key-value" readOnly value={value} aria-label={T.keyLabel} onFocus={(e) => e.target.select()} />
        <Button icon={<CopyOutlined />} onClick={() => void copy(value)}>{T.copy}</Button>
      </div>
    </>
  );
}
