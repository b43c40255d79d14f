import { Alert, Spin, Typography } from 'antd';
import { fill, EVALUATION_TEXT as T, type EvaluationSummary as Summary } from '@eo/contract';
import { errorText } from '../../../../lib/api-client';
import { useEvaluationSummary } from './get-summary';
import { AllTextAnswers, TextList } from './TextAnswers';

type Question = Summary['questions'][number];

/** A question's spread as bars, each with its value and count written out (read as text too). */
function Bars({ q }: { q: Question }) {
  const most = Math.max(1, ...q.distribution.map((d) => d.count));
  return (
    <ul className="evaluation-bars" aria-label={fill(T.distribution, { label: q.label })}>
      {q.distribution.map((d) => (
        <li key={d.value} aria-label={fill(T.valueCount, { value: d.value, count: d.count })}>
          <span className="evaluation-bar-value">{d.value}</span>
          <span className="evaluation-bar-track"><span className="evaluation-bar" style={{ width: `${(100 * d.count) / most}%` }} /></span>
          <span className="evaluation-bar-count">{d.count}</span>
        </li>
      ))}
    </ul>
  );
}

function QuestionSummary({ eventId, q }: { eventId: string; q: Question }) {
  return (
    <section className="evaluation-summary-question" aria-label={q.label}>
      <Typography.Text strong>{q.label}</Typography.Text>
      <div className="evaluation-summary-figures">
        <span>{fill(T.answeredOf, { n: q.answers })}</span>
        {q.average !== null && <span>{fill(T.average, { value: q.average.toLocaleString('id-ID') })}</span>}
        {q.nps && <span>{fill(T.nps, { score: q.nps.score })} · {fill(T.npsParts, q.nps)}</span>}
      </div>
      {q.distribution.length > 0 && <Bars q={q} />}
      {q.type === 'text' && q.latest.length > 0 && <TextList label={`${T.latest}: ${q.label}`} items={q.latest} />}
      {q.type === 'text' && q.answers > q.latest.length && <AllTextAnswers eventId={eventId} question={q} />}
    </section>
  );
}

/** Ringkasan jawaban: the answer rate, then each question's figures and spread; shown once someone has answered. */
export function EvaluationSummary({ eventId, answers }: { eventId: string; answers: number }) {
  const summary = useEvaluationSummary(eventId, answers);
  if (answers === 0) return null;
  const s = summary.data;
  return (
    <section className="evaluation-summary" aria-labelledby="evaluation-summary-title">
      <Typography.Title level={4} id="evaluation-summary-title">{T.summary}</Typography.Title>
      {summary.isPending && <Spin />}
      {summary.error && <Alert type="error" showIcon title={T.summaryFailed} description={errorText(summary.error)} />}
      {s && (
        <>
          <Typography.Paragraph>
            {fill(T.rate, { answers: s.answers, participants: s.participants, rate: s.participants ? Math.round((100 * s.answers) / s.participants) : 0 })}
          </Typography.Paragraph>
          {s.questions.map((q) => <QuestionSummary key={q.id} eventId={eventId} q={q} />)}
        </>
      )}
    </section>
  );
}
