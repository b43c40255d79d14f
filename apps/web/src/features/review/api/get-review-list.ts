import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged, type ReviewItem } from '@eo/contract';
import { apiRequest } from '../../../lib/api-client';

export const REVIEW_LIST_KEY = ['admin', 'review'] as const;

export async function getReviewList(page: number, signal?: AbortSignal): Promise<Paged<ReviewItem>> {
  const res = await apiRequest<{ data: Paged<ReviewItem> }>('/v1/admin/events/review', { query: { page, limit: PAGE_SIZE }, signal });
  return res.data;
}

export const useReviewList = (page: number) =>
  useQuery({ queryKey: [...REVIEW_LIST_KEY, page], queryFn: ({ signal }) => getReviewList(page, signal), placeholderData: keepPreviousData });
