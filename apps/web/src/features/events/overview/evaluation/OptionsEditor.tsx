import { Button, Form, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { EVALUATION_LIMITS as L, fill, EVALUATION_TEXT as T } from '@eo/contract';
import type { FieldErrors } from './evaluation-draft';

interface Props {
  /** The question's index in the form, for paths and labels. */
  index: number;
  options: string[];
  onChange: (options: string[]) => void;
  errors: FieldErrors;
}

/** A choice question's options: each its own line with its error under it, between 2 and 10. */
export function OptionsEditor({ index, options, onChange, errors }: Props) {
  const path = `questions.${index}.options`;
  const listError = errors.get(path);
  const n = index + 1;
  return (
    <Form.Item label={T.options} className="evaluation-options" validateStatus={listError ? 'error' : undefined} help={listError}>
      {options.map((o, j) => {
        const error = errors.get(`${path}.${j}`);
        return (
          // Options have no id of their own; the position is what the API's paths name too.
          <Form.Item key={j} className="evaluation-option" validateStatus={error ? 'error' : undefined} help={error}>
            <div className="evaluation-option-row">
              <Input
                aria-label={fill(T.optionOf, { m: j + 1, n })} value={o} maxLength={L.optionMax}
                onChange={(e) => onChange(options.map((x, k) => (k === j ? e.target.value : x)))}
              />
              <Button
                type="text" danger icon={<DeleteOutlined />} aria-label={fill(T.removeOption, { m: j + 1, n })}
                disabled={options.length <= L.minOptions} onClick={() => onChange(options.filter((_, k) => k !== j))}
              />
            </div>
          </Form.Item>
        );
      })}
      <Button icon={<PlusOutlined />} disabled={options.length >= L.maxOptions} onClick={() => onChange([...options, ''])}>{T.addOption}</Button>
    </Form.Item>
  );
}
