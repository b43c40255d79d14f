import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN, type ApprovalBody } from '@eo/contract';
import { call } from '../../../lib/api-call';
import { REVIEW_LIST_KEY } from './get-review-list';

/** `POST /v1/admin/events/{id}/approval`; answers the server's message for the toast. */
export async function decideEvent(id: string, body: ApprovalBody): Promise<string> {
  const res = await call(ADMIN.decide, { params: { id }, body });
  return res.message ?? '';
}

export function useDecideEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApprovalBody }) => decideEvent(id, body),
    // Decided (or already decided by another admin): the queue is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: REVIEW_LIST_KEY }),
  });
}
