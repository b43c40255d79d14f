import { Button, Form, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { StatusOf, Touch } from './field-issues';
import { LIMITS } from './question-form';
import { TICKET_TEXT as T } from '@eo/contract';

interface Props {
  options: string[];
  onChange: (options: string[]) => void;
  status: StatusOf;
  touch: Touch;
  /** `registrationSteps.{i}`: where `ticketIssues` puts this question's messages. */
  path: string;
  /** The question's stable key, so touched flags follow it when questions move. */
  touchKey: string;
}

/** The answer choices of a radio or checkbox question. */
export function OptionsEditor({ options, onChange, status, touch, path, touchKey }: Props) {
  const set = (j: number, name: string) => onChange(options.map((o, k) => (k === j ? name : o)));
  const touchOption = (j: number) => { touch(`${touchKey}.options.${j}`); };
  return (
    <Form.Item label={T.options} required {...status(`${path}.options`, `${touchKey}.options`)}>
      <div className="ticket-options">
        {options.map((o, j) => (
          <div className="ticket-option-row" key={j}>
            <Form.Item className="ticket-inline-item ticket-grow" {...status(`${path}.options.${j}.name`, `${touchKey}.options.${j}`)}>
              <Input
                aria-label={T.option(j + 1)} placeholder={T.option(j + 1)} value={o} maxLength={LIMITS.option}
                onChange={(e) => { set(j, e.target.value); touchOption(j); }} onBlur={() => touchOption(j)}
              />
            </Form.Item>
            <Button
              type="text" danger icon={<DeleteOutlined />} aria-label={T.removeOption(j + 1)}
              onClick={() => { onChange(options.filter((_, k) => k !== j)); touch(`${touchKey}.options`); }}
            />
          </div>
        ))}
        <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => onChange([...options, ''])}>
          {T.addOption}
        </Button>
      </div>
    </Form.Item>
  );
}
