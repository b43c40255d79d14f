import { Button, Form, Input, Select, Switch } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { EVALUATION_LIMITS as L, EVALUATION_QUESTION_TYPES, fill, isChoice, EVALUATION_TEXT as T } from '@eo/contract';
import { withType, type FieldErrors, type QuestionDraft } from './evaluation-draft';
import { OptionsEditor } from './OptionsEditor';

interface Props {
  index: number;
  question: QuestionDraft;
  /** The changed question and the path that changed (its errors go). */
  onChange: (question: QuestionDraft, path: string) => void;
  onRemove: () => void;
  errors: FieldErrors;
}

const TYPE_OPTIONS = EVALUATION_QUESTION_TYPES.map((t) => ({ value: t, label: T.types[t] }));

/** One question of the form: its type, text, whether it must be answered, and a choice's options. */
export function QuestionEditor({ index, question: q, onChange, onRemove, errors }: Props) {
  const path = `questions.${index}`;
  const n = index + 1;
  const status = (p: string) => (errors.get(`${path}.${p}`) ? 'error' as const : undefined);
  return (
    <div role="group" className="evaluation-question" aria-label={fill(T.questionOf, { n })}>
      <div className="evaluation-question-head">
        <strong className="evaluation-question-title">{fill(T.questionOf, { n })}</strong>
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={fill(T.removeQuestion, { n })} onClick={onRemove} />
      </div>
      <div className="evaluation-question-fields">
        <Form.Item label={T.type} className="evaluation-type" validateStatus={status('type')} help={errors.get(`${path}.type`)}>
          <Select
            aria-label={fill(T.typeOf, { n })} value={q.type} options={TYPE_OPTIONS}
            onChange={(type) => onChange(withType(q, type), `${path}.type`)}
          />
        </Form.Item>
        <Form.Item label={T.label} className="evaluation-label" validateStatus={status('label')} help={errors.get(`${path}.label`)}>
          <Input
            aria-label={fill(T.questionOf, { n })} placeholder={T.labelPlaceholder} value={q.label} maxLength={L.labelMax}
            onChange={(e) => onChange({ ...q, label: e.target.value }, `${path}.label`)}
          />
        </Form.Item>
        <Form.Item label={T.required} className="evaluation-required">
          <Switch
            aria-label={fill(T.requiredOf, { n })} checked={q.isRequired}
            onChange={(isRequired) => onChange({ ...q, isRequired }, `${path}.isRequired`)}
          />
        </Form.Item>
      </div>
      {isChoice(q.type) && (
        <OptionsEditor index={index} options={q.options} errors={errors} onChange={(options) => onChange({ ...q, options }, `${path}.options`)} />
      )}
    </div>
  );
}
