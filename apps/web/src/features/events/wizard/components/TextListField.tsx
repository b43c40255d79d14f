import { Button, Form, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Field, useWizard } from '../wizard-context';
import { WIZARD_TEXT as T } from '@eo/contract';

interface Props {
  /** The list field, e.g. `additionalBenefit`. */
  list: string;
  /** Accessible name of each item (numbered). */
  itemLabel: string;
  addText: string;
  max: number;
  disabled?: boolean;
  /** Multi-line items. */
  long?: boolean;
}

/** Free-text items added to a list of choices (additional benefit, step, guideline...). */
export function TextListField({ list, itemLabel, addText, max, disabled, long }: Props) {
  const { form } = useWizard();
  const items = (Form.useWatch(list.split('.') as never, { form, preserve: true }) as string[] | undefined) ?? [];
  const setItems = (next: string[]) => form.setFieldValue(list.split('.') as never, next);

  return (
    <div className="text-list">
      {items.map((_, i) => (
        <div className="text-list-item" key={i}>
          <Field field={`${list}.${i}`} className="text-list-field">
            {long
              ? <Input.TextArea maxLength={max} showCount autoSize={{ minRows: 1, maxRows: 4 }} aria-label={`${itemLabel} ${i + 1}`} disabled={disabled} />
              : <Input maxLength={max} showCount aria-label={`${itemLabel} ${i + 1}`} disabled={disabled} />}
          </Field>
          {!disabled && (
            <Button
              type="text" danger icon={<DeleteOutlined />} aria-label={`${T.remove} ${itemLabel} ${i + 1}`}
              onClick={() => setItems(items.filter((__, j) => j !== i))}
            />
          )}
        </div>
      ))}
      {!disabled && <Button type="dashed" icon={<PlusOutlined />} onClick={() => setItems([...items, ''])}>{addText}</Button>}
    </div>
  );
}
