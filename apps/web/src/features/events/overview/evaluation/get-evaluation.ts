import { queryOptions, useQuery } from '@tanstack/react-query';
import { EVALUATION, type Evaluation } from '@eo/contract';
import { call } from '../../../../lib/api-call';

export type { Evaluation };

export const evaluationKey = (eventId: string) => ['evaluation', eventId] as const;

/** `GET /v1/events/:id/evaluation`: the questions, the window as saved and as it applies, the answers so far. */
export async function getEvaluation(eventId: string, signal?: AbortSignal): Promise<Evaluation> {
  return (await call(EVALUATION.get, { params: { id: eventId } }, { signal })).data.result;
}

export const useEvaluation = (eventId: string) =>
  useQuery(queryOptions({ queryKey: evaluationKey(eventId), queryFn: ({ signal }) => getEvaluation(eventId, signal) }));
