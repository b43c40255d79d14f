import { Button, Card, Checkbox, Form, Input, InputNumber, Select, Switch } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { isChoice, QUESTION_TYPES, TICKET_TEXT as T } from '@eo/contract';
import type { StatusOf, Touch } from './field-issues';
import { OptionsEditor } from './OptionsEditor';
import { LIMITS, withQuestionType, type FileKind, type QuestionDraft, type QuestionType } from './question-form';
import { floorOrNull } from './ticket-form';

interface Props {
  q: QuestionDraft;
  index: number;
  count: number;
  onChange: (q: QuestionDraft) => void;
  onRemove: () => void;
  onMove: (to: number) => void;
  onPreview: () => void;
  status: StatusOf;
  touch: Touch;
  idBase: string;
}

const TYPE_OPTIONS = QUESTION_TYPES.map((v) => ({ value: v, label: T.questionTypes[v] }));
const KIND_OPTIONS: { value: FileKind; label: string }[] = [{ value: 'pdf', label: T.acceptPdf }, { value: 'image', label: T.acceptImage }];

/** One custom registration question: text, description, answer type and what that type needs. */
export function QuestionItem({ q, index, count, onChange, onRemove, onMove, onPreview, status, touch, idBase }: Props) {
  const n = index + 1;
  const path = `registrationSteps.${index}`;
  const id = `${idBase}-q${q.key}`;
  const set = (p: Partial<QuestionDraft>) => onChange({ ...q, ...p });
  const field = (name: string) => status(`${path}.${name}`, `${q.key}.${name}`);
  const touchField = (name: string) => touch(`${q.key}.${name}`);
  const choice = isChoice(q.type);

  return (
    <Card size="small" className="ticket-question">
      {/* Sits on the label row of the question text, whose label `Pertanyaan {n}` names the card. */}
      <div className="ticket-question-tools">
        <Button size="small" icon={<EyeOutlined />} onClick={onPreview}>{T.preview}</Button>
        <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={T.moveUp(n)} disabled={index === 0} onClick={() => onMove(index - 1)} />
        <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={T.moveDown(n)} disabled={index === count - 1} onClick={() => onMove(index + 1)} />
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={T.removeQuestion(n)} onClick={onRemove} />
      </div>
      <Form.Item label={T.questionN(n)} htmlFor={`${id}-name`} required {...field('name')}>
        <Input
          id={`${id}-name`} value={q.name} maxLength={LIMITS.question} showCount
          onChange={(e) => { set({ name: e.target.value }); touchField('name'); }} onBlur={() => touchField('name')}
        />
      </Form.Item>
      <Form.Item label={T.questionDesc} htmlFor={`${id}-desc`} {...field('description')}>
        <Input.TextArea
          id={`${id}-desc`} value={q.description} maxLength={LIMITS.description} showCount autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder={T.questionDescPlaceholder} onChange={(e) => { set({ description: e.target.value }); touchField('description'); }}
        />
      </Form.Item>
      <div className="ticket-pair">
        <Form.Item label={T.questionType} htmlFor={`${id}-type`} required {...field('type')}>
          <Select
            id={`${id}-type`} className="ticket-type-select" value={q.type ?? undefined} options={TYPE_OPTIONS}
            onChange={(v: QuestionType) => { onChange(withQuestionType(q, v)); touchField('type'); }}
          />
        </Form.Item>
        <Form.Item label={T.required} htmlFor={`${id}-required`}>
          <Switch id={`${id}-required`} checked={q.isRequired} onChange={(isRequired) => set({ isRequired })} />
        </Form.Item>
      </div>
      {choice && (
        <OptionsEditor
          options={q.options} onChange={(options) => set({ options })} status={status} touch={touch} path={path} touchKey={q.key}
        />
      )}
      {q.type === 'file' && (
        <div className="ticket-pair">
          <Form.Item label={T.maxFiles} htmlFor={`${id}-max-files`} required {...field('maxFiles')}>
            <InputNumber
              id={`${id}-max-files`} min={1} max={LIMITS.maxFiles} precision={0} value={q.maxFiles}
              onChange={(v) => { set({ maxFiles: floorOrNull(v) }); touchField('maxFiles'); }} onBlur={() => touchField('maxFiles')}
            />
          </Form.Item>
          <Form.Item label={T.accept} required {...field('accept')}>
            <Checkbox.Group
              aria-label={T.accept} options={KIND_OPTIONS} value={q.accept}
              onChange={(v) => { set({ accept: v as FileKind[] }); touchField('accept'); }}
            />
          </Form.Item>
        </div>
      )}
    </Card>
  );
}
