import { isChoice } from './choice-question.js';
import { EVALUATION_LIMITS as L, EVALUATION_MSG as M } from './messages-evaluation.js';
import type { Evaluation, EvaluationAnswersBody, EvaluationBody } from './schemas/evaluation.js';

/**
 * What a zod shape cannot say of an evaluation form: a radio or checkbox question has 2–10
 * named options, each once (without case); the form closes after it opens.
 */
export function evaluationIssues(body: EvaluationBody): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  body.questions.forEach((q, i) => {
    if (!isChoice(q.type)) return;
    if (q.options.length < L.minOptions) out.push({ path: `questions.${i}.options`, message: M.options });
    const seen = new Set<string>();
    q.options.forEach((o, j) => {
      const path = `questions.${i}.options.${j}`;
      if (!o) out.push({ path, message: M.option });
      else if (seen.has(o.toLowerCase())) out.push({ path, message: M.duplicateOption });
      seen.add(o.toLowerCase());
    });
  });
  if (body.opensAt && body.closesAt && Date.parse(body.closesAt) <= Date.parse(body.opensAt)) {
    out.push({ path: 'closesAt', message: M.closesBeforeOpens });
  }
  return out;
}

/**
 * The answers checked against the form's questions: every required one answered, each value
 * of its question's kind, no question twice or unknown. Gives the issues (path
 * `answers.<questionId>`) and the answers as stored: trimmed text, blank optional ones left out.
 */
export function evaluationAnswerIssues(questions: Evaluation['questions'], body: EvaluationAnswersBody) {
  const issues: { path: string; message: string }[] = [];
  const given = new Map<string, unknown>();
  for (const a of body.answers) {
    if (!questions.some((q) => q.id === a.questionId) || given.has(a.questionId)) issues.push({ path: `answers.${a.questionId}`, message: M.unknownQuestion });
    else given.set(a.questionId, a.value);
  }
  const stored: { questionId: string; value: unknown }[] = [];
  for (const q of questions) {
    const path = `answers.${q.id}`;
    let v = given.get(q.id);
    if (typeof v === 'string') v = v.trim();
    const blank = v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
    if (blank) {
      if (q.isRequired) issues.push({ path, message: M.required });
      continue;
    }
    const int = (min: number, max: number) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
    const ok = q.type === 'rating' ? int(1, 5)
      : q.type === 'nps' ? int(0, 10)
        : q.type === 'text' ? typeof v === 'string' && v.length <= L.textAnswerMax
          : q.type === 'radio' ? typeof v === 'string' && q.options.includes(v)
            : Array.isArray(v) && v.every((o) => typeof o === 'string' && q.options.includes(o)) && new Set(v).size === v.length;
    if (!ok) issues.push({ path, message: M.invalidAnswer });
    else stored.push({ questionId: q.id, value: v });
  }
  return { issues, stored };
}
