import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN, PAGE_SIZE, type Paged, type RevisionItem } from '@eo/contract';
import { call } from '../../../lib/api-call';

export const REVISION_LIST_KEY = ['admin', 'revisions'] as const;

export async function getRevisionList(page: number, signal?: AbortSignal): Promise<Paged<RevisionItem>> {
  const res = await call(ADMIN.revisionList, { query: { page, limit: PAGE_SIZE } }, { signal });
  return res.data;
}

export const useRevisionList = (page: number) =>
  useQuery({ queryKey: [...REVISION_LIST_KEY, page], queryFn: ({ signal }) => getRevisionList(page, signal), placeholderData: keepPreviousData });
