import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN, type RevisionDecision } from '@eo/contract';
import { call } from '../../../lib/api-call';
import { REVISION_LIST_KEY } from './get-revision-list';

/** `POST /v1/admin/events/{id}/revision`; answers the server's message for the toast. */
export async function decideRevision(id: string, body: RevisionDecision): Promise<string> {
  const res = await call(ADMIN.decideRevision, { params: { id }, body });
  return res.message ?? '';
}

export function useDecideRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RevisionDecision }) => decideRevision(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REVISION_LIST_KEY }),
  });
}
