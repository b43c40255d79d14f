import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN, PAGE_SIZE, type Paged, type ReviewItem } from '@eo/contract';
import { call } from '../../../lib/api-call';

export const REVIEW_LIST_KEY = ['admin', 'review'] as const;

export async function getReviewList(page: number, signal?: AbortSignal): Promise<Paged<ReviewItem>> {
  const res = await call(ADMIN.reviewList, { query: { page, limit: PAGE_SIZE } }, { signal });
  return res.data;
}

export const useReviewList = (page: number) =>
  useQuery({ queryKey: [...REVIEW_LIST_KEY, page], queryFn: ({ signal }) => getReviewList(page, signal), placeholderData: keepPreviousData });
