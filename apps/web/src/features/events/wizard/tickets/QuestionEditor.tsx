import { useState } from 'react';
import { Button, Form } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { StatusOf, Touch } from './field-issues';
import { QuestionItem } from './QuestionItem';
import { QuestionPreviewModal } from './QuestionPreviewModal';
import { emptyQuestion, type QuestionDraft } from './question-form';
import { moveItem } from './ticket-form';
import { TICKET_TEXT as T } from '@eo/contract';

interface Props {
  questions: QuestionDraft[];
  onChange: (questions: QuestionDraft[]) => void;
  status: StatusOf;
  touch: Touch;
  idBase: string;
}

/** The ticket's custom registration questions, in the order participants answer them. */
export function QuestionEditor({ questions, onChange, status, touch, idBase }: Props) {
  const [previewKey, setPreviewKey] = useState<string | null>(null);
  const preview = questions.find((q) => q.key === previewKey) ?? null;

  return (
    <Form.Item label={T.questions} extra={T.questionsHint}>
      <div className="ticket-questions">
        {questions.map((q, i) => (
          <QuestionItem
            key={q.key} q={q} index={i} count={questions.length} status={status} touch={touch} idBase={idBase}
            onChange={(next) => onChange(questions.map((x) => (x.key === q.key ? next : x)))}
            onRemove={() => onChange(questions.filter((x) => x.key !== q.key))}
            onMove={(to) => onChange(moveItem(questions, i, to))}
            onPreview={() => setPreviewKey(q.key)}
          />
        ))}
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...questions, emptyQuestion()])}>
          {T.addQuestion}
        </Button>
      </div>
      <QuestionPreviewModal question={preview} onClose={() => setPreviewKey(null)} />
    </Form.Item>
  );
}
