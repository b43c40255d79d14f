import { useState } from 'react';
import { Alert, App, Button, Form, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { EVALUATION_LIMITS as L, EVALUATION_MSG as M, EVALUATION_TEXT as T, type EvaluationBody } from '@eo/contract';
import { errorText } from '../../../../lib/api-client';
import {
  checkDraft, clearErrors, emptyQuestion, fromEvaluation, serverErrors, type EvaluationDraft, type FieldErrors, type QuestionDraft,
} from './evaluation-draft';
import type { Evaluation } from './get-evaluation';
import { QuestionEditor } from './QuestionEditor';
import { QuestionList } from './QuestionList';
import { useSaveEvaluation } from './save-evaluation';
import { WindowFields } from './WindowFields';

/**
 * The form for owners and admins. Checked with the contract's schema and rules before it is
 * sent; the API's field errors land under the same fields. Once answered, the questions are
 * shown as saved and sent back unchanged: only the window may move.
 */
export function EvaluationEditor({ eventId, evaluation }: { eventId: string; evaluation: Evaluation }) {
  const { message } = App.useApp();
  const [draft, setDraft] = useState<EvaluationDraft>(() => fromEvaluation(evaluation));
  const [errors, setErrors] = useState<FieldErrors>(new Map());
  const save = useSaveEvaluation(eventId);
  const locked = evaluation.answers > 0;

  const change = (next: EvaluationDraft, path: string) => {
    setDraft(next);
    setErrors((e) => clearErrors(e, path));
  };
  const setQuestion = (i: number, q: QuestionDraft, path: string) => change({ ...draft, questions: draft.questions.map((x, k) => (k === i ? q : x)) }, path);
  // Adding or removing shifts the positions that question errors name: those errors go.
  const setQuestions = (questions: QuestionDraft[]) => change({ ...draft, questions }, 'questions');

  const submit = async () => {
    // Locked: the questions as saved, whatever the draft holds.
    const checked = checkDraft(locked ? { ...fromEvaluation(evaluation), opensAt: draft.opensAt, closesAt: draft.closesAt } : draft);
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    await send(checked.body);
  };
  const send = async (body: EvaluationBody) => {
    try {
      const { result, message: said } = await save.mutateAsync(body);
      // Saved questions get their ids: the draft follows the answer.
      setDraft(fromEvaluation(result));
      setErrors(new Map());
      void message.success(said ?? M.saved);
    } catch (err) {
      const fields = serverErrors(err);
      if (fields) setErrors(fields);
      void message.error(fields ? T.fixErrors : errorText(err));
    }
  };

  const listError = errors.get('questions');
  return (
    <Form layout="vertical" component="div" className="evaluation-form">
      <section className="evaluation-questions" aria-label={T.questions}>
        <Typography.Title level={4}>{T.questions}</Typography.Title>
        {locked ? (
          <>
            <Alert type="info" showIcon title={M.locked} className="evaluation-locked" />
            <QuestionList questions={evaluation.questions} />
          </>
        ) : (
          <>
            {draft.questions.map((q, i) => (
              <QuestionEditor
                key={q.key} index={i} question={q} errors={errors} onChange={(next, path) => setQuestion(i, next, path)}
                onRemove={() => setQuestions(draft.questions.filter((_, k) => k !== i))}
              />
            ))}
            {listError && <Alert type="error" showIcon title={listError} className="evaluation-list-error" />}
            <Button
              icon={<PlusOutlined />} disabled={draft.questions.length >= L.maxQuestions}
              onClick={() => setQuestions([...draft.questions, emptyQuestion()])}
            >
              {T.addQuestion}
            </Button>
          </>
        )}
      </section>
      <WindowFields
        opensAt={draft.opensAt} closesAt={draft.closesAt} window={evaluation.window} errors={errors}
        onChange={(edge, value) => change({ ...draft, [edge]: value }, edge)}
      />
      <Button type="primary" loading={save.isPending} onClick={() => void submit()} className="evaluation-save">{T.save}</Button>
    </Form>
  );
}
