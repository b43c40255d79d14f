import { queryOptions, useQuery } from '@tanstack/react-query';
import { EVALUATION, type EvaluationSummary } from '@eo/contract';
import { call } from '../../../../lib/api-call';

/** `GET /v1/events/:id/evaluation/summary`: per question, the mean, the spread, NPS and the latest texts. */
export async function getEvaluationSummary(eventId: string, signal?: AbortSignal): Promise<EvaluationSummary> {
  return (await call(EVALUATION.summary, { params: { id: eventId } }, { signal })).data.result;
}

/** Read only once there are answers to sum; `answers` in the key, so a new answer reads it again. */
export const useEvaluationSummary = (eventId: string, answers: number) =>
  useQuery(queryOptions({ queryKey: ['evaluation-summary', eventId, answers], queryFn: ({ signal }) => getEvaluationSummary(eventId, signal), enabled: answers > 0 }));
