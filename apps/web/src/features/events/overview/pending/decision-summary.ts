import { fill, PENDING_TEXT as T, type Decision, type DecisionOutcome, type DecisionResult } from '@eo/contract';

type RefusedOutcome = Exclude<DecisionOutcome, 'approved' | 'declined'>;
/** A person the decision left as they were, and why. */
export interface Refusal { registrantId: string; name: string; outcome: RefusedOutcome }

export interface DecisionSummary {
  /** The toast: how many were approved or declined; null when none were. */
  done: string | null;
  refused: Refusal[];
}

const isRefused = (outcome: DecisionOutcome): outcome is RefusedOutcome => outcome === 'TICKET_SOLD_OUT' || outcome === 'NOT_PENDING';

/**
 * What a decision call did, by name: the result carries only ids, so `names` are the rows the
 * decision was made on (an id without one is shown as itself rather than dropped).
 */
export function summarizeDecision(decision: Decision, result: DecisionResult, names: ReadonlyMap<string, string>): DecisionSummary {
  const count = result.filter((r) => !isRefused(r.outcome)).length;
  const refused = result.flatMap((r) => (isRefused(r.outcome) ? [{ registrantId: r.registrantId, name: names.get(r.registrantId) || r.registrantId, outcome: r.outcome }] : []));
  return { done: count ? fill(decision === 'approve' ? T.approved : T.declined, { n: count }) : null, refused };
}

/**
 * The refusals still worth showing after another decision: a person decided again drops their
 * old line (approved once a seat was freed, or refused anew), the new refusals follow.
 */
export function mergeRefusals(kept: readonly Refusal[], result: DecisionResult, fresh: readonly Refusal[]): Refusal[] {
  const decided = new Set(result.map((r) => r.registrantId));
  return [...kept.filter((r) => !decided.has(r.registrantId)), ...fresh];
}

export const refusalText = (r: Refusal) => fill(T.refused[r.outcome], { name: r.name });
