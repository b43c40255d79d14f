import { Alert, Card, Spin, Tag, Typography } from 'antd';
import { fill, EVALUATION_TEXT as T } from '@eo/contract';
import { errorText } from '../../../../lib/api-client';
import type { EventDetail } from '../../../../lib/event-detail';
import { useCan } from '../../../../lib/use-can';
import { EvaluationEditor } from './EvaluationEditor';
import { EvaluationSummary } from './EvaluationSummary';
import { useEvaluation } from './get-evaluation';
import { QuestionList } from './QuestionList';
import { WindowSummary } from './WindowSummary';
import './evaluation.css';

/**
 * Evaluasi: the questionnaire participants answer after the event. Every member reads it;
 * owners and admins (who may write the event) edit it.
 */
export function EvaluationTab({ event }: { event: EventDetail }) {
  const mayEdit = useCan('events.write');
  const evaluation = useEvaluation(event.id);
  const data = evaluation.data;
  return (
    <Card className="evaluation">
      <div className="evaluation-head">
        <Typography.Title level={3} className="evaluation-title">{T.title}</Typography.Title>
        {data && <Tag className="evaluation-answers">{fill(T.answers, { n: data.answers })}</Tag>}
      </div>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      {evaluation.isPending && <Spin />}
      {evaluation.error && <Alert type="error" showIcon title={T.loadFailed} description={errorText(evaluation.error)} />}
      {data && (mayEdit ? (
        // Keyed by event: another event's form starts from its own saved state.
        <EvaluationEditor key={event.id} eventId={event.id} evaluation={data} />
      ) : (
        <>
          <section aria-label={T.questions}>
            <Typography.Title level={4}>{T.questions}</Typography.Title>
            <QuestionList questions={data.questions} />
          </section>
          <WindowSummary evaluation={data} />
        </>
      ))}
      {data && <EvaluationSummary eventId={event.id} answers={data.answers} />}
    </Card>
  );
}
