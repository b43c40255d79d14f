import {
  evaluationBodySchema, evaluationIssues, isChoice, type Evaluation, type EvaluationBody, type EvaluationQuestionType,
} from '@eo/contract';
import { ApiError } from '../../../../lib/api-client';

/** A question being edited; `key` keeps its row across removals, `id` names a saved one. */
export interface QuestionDraft {
  key: string;
  id: string | null;
  type: EvaluationQuestionType;
  label: string;
  isRequired: boolean;
  options: string[];
}

export interface EvaluationDraft {
  questions: QuestionDraft[];
  /** ISO instants; null takes the default. */
  opensAt: string | null;
  closesAt: string | null;
}

/** Field errors by the contract's paths (`questions.0.label`, `closesAt`), one message each. */
export type FieldErrors = Map<string, string>;


let lastKey = 0;
const newKey = () => `q${++lastKey}`;

export const fromEvaluation = (e: Evaluation): EvaluationDraft => ({
  questions: e.questions.map((q) => ({ ...q, key: newKey(), options: [...q.options] })),
  opensAt: e.opensAt,
  closesAt: e.closesAt,
});

export const emptyQuestion = (): QuestionDraft => ({ key: newKey(), id: null, type: 'rating', label: '', isRequired: true, options: [] });

/** A choice question starts with two blank options (its minimum) so both can be typed at once. */
export function withType(q: QuestionDraft, type: EvaluationQuestionType): QuestionDraft {
  return { ...q, type, options: isChoice(type) && q.options.length === 0 ? ['', ''] : q.options };
}

/** What the API takes: options only on choice questions, no id on new ones. */
export function toBody(d: EvaluationDraft): unknown {
  return {
    questions: d.questions.map((q) => ({
      ...(q.id ? { id: q.id } : {}), type: q.type, label: q.label, isRequired: q.isRequired, options: isChoice(q.type) ? q.options : [],
    })),
    opensAt: d.opensAt,
    closesAt: d.closesAt,
  };
}

function byPath(issues: readonly { path: string; message: string }[]): FieldErrors {
  const out: FieldErrors = new Map();
  for (const i of issues) if (!out.has(i.path)) out.set(i.path, i.message);
  return out;
}

/**
 * The contract's checks, before sending: the body schema, then the cross-field rules on what it
 * gives. Either the body to send (trimmed, as the API stores it) or the errors by path.
 */
export function checkDraft(d: EvaluationDraft): { body: EvaluationBody; errors: null } | { body: null; errors: FieldErrors } {
  const parsed = evaluationBodySchema.safeParse(toBody(d));
  if (!parsed.success) return { body: null, errors: byPath(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))) };
  const issues = evaluationIssues(parsed.data);
  return issues.length > 0 ? { body: null, errors: byPath(issues) } : { body: parsed.data, errors: null };
}

/** A 400's `errors` by path, or null when the failure names no field (shown as one message instead). */
export function serverErrors(err: unknown): FieldErrors | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const listed = (err.body.errors ?? []).filter((e): e is { path: string; message: string } => Boolean(e.path));
  return listed.length > 0 ? byPath(listed) : null;
}

/** Errors left after a field at `path` changed: its own and those beneath it go. */
export function clearErrors(errors: FieldErrors, path: string): FieldErrors {
  const out = new Map(errors);
  for (const p of errors.keys()) if (p === path || p.startsWith(`${path}.`)) out.delete(p);
  return out;
}
