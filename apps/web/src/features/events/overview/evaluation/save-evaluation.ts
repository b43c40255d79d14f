import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EVALUATION, EVALUATION_ID, type EvaluationBody } from '@eo/contract';
import { ApiError } from '../../../../lib/api-client';
import { call } from '../../../../lib/api-call';
import { evaluationKey, type Evaluation } from './get-evaluation';

/** `PUT /v1/events/:id/evaluation`: the whole form; gives the form as saved and the API's message. */
export async function saveEvaluation(eventId: string, body: EvaluationBody): Promise<{ result: Evaluation; message?: string }> {
  const res = await call(EVALUATION.put, { params: { id: eventId }, body });
  return { result: res.data.result, message: res.message };
}

export function useSaveEvaluation(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EvaluationBody) => saveEvaluation(eventId, body),
    // The answer is the saved form with its ids and effective window: no need to read it again.
    onSuccess: ({ result }) => queryClient.setQueryData(evaluationKey(eventId), result),
    // Answers came in since the form was read: reading it again shows the questions locked.
    onError: (err) => {
      if (err instanceof ApiError && err.body.messageId === EVALUATION_ID.locked) void queryClient.invalidateQueries({ queryKey: evaluationKey(eventId) });
    },
  });
}
