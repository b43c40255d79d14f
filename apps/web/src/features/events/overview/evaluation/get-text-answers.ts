import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EVALUATION, PAGE_SIZE, type EvaluationTextAnswers } from '@eo/contract';
import { call } from '../../../../lib/api-call';

/** `GET /v1/events/:id/evaluation/questions/:questionId/answers`: a text question's answers, newest first, by page. */
export async function getTextAnswers(eventId: string, questionId: string, page: number, signal?: AbortSignal): Promise<EvaluationTextAnswers> {
  return (await call(EVALUATION.textAnswers, { params: { id: eventId, questionId }, query: { page, limit: PAGE_SIZE } }, { signal })).data;
}

/** Read while the list is open; `answers` in the key, so a new answer reads it again. */
export const useTextAnswers = (eventId: string, questionId: string, page: number, answers: number, enabled: boolean) => useQuery(queryOptions({
  queryKey: ['evaluation-text-answers', eventId, questionId, answers, page], queryFn: ({ signal }) => getTextAnswers(eventId, questionId, page, signal),
  placeholderData: keepPreviousData, enabled,
}));
