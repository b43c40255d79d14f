import { Tag, Typography } from 'antd';
import { EVALUATION_TEXT as T, isChoice, type Evaluation } from '@eo/contract';

/** The saved questions in order, with their type, whether they must be answered, and their options. */
export function QuestionList({ questions }: { questions: Evaluation['questions'] }) {
  if (questions.length === 0) return <Typography.Text type="secondary">{T.empty}</Typography.Text>;
  return (
    <ol className="evaluation-list" aria-label={T.questions}>
      {questions.map((q) => (
        <li key={q.id} className="evaluation-list-item">
          <Typography.Text strong className="evaluation-list-label">{q.label}</Typography.Text>
          <div className="evaluation-list-tags">
            <Tag>{T.types[q.type]}</Tag>
            <Tag color={q.isRequired ? 'blue' : 'default'}>{q.isRequired ? T.required : T.optional}</Tag>
          </div>
          {isChoice(q.type) && (
            <ul className="evaluation-list-options" aria-label={T.options}>
              {q.options.map((o) => <li key={o}>{o}</li>)}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
