import { EVALUATION_LIMITS as L, EVALUATION_MSG as M } from './messages-evaluation.js';
import type { EvaluationBody } from './schemas/evaluation.js';

/**
 * What a zod shape cannot say of an evaluation form: a radio or checkbox question has 2–10
 * named options, each once (without case); the form closes after it opens.
 */
export function evaluationIssues(body: EvaluationBody): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  body.questions.forEach((q, i) => {
    if (q.type !== 'radio' && q.type !== 'checkbox') return;
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
