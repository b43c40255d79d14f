import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIME_ZONE, wibInstant } from '@eo/contract';
import { apiRequest } from '../../../../lib/api-client';

export type Series = 'views' | 'saved' | 'registrants';
export interface SeriesPoint { time: string; count: number; name: string }

/** The three `/insight` calls of spec section 7, one per series. */
const PATHS: Record<Series, (id: string) => string> = {
  views: (id) => `/v1/events/${id}/views`,
  saved: (id) => `/v1/event-foll/${id}/insight`,
  registrants: (id) => `/v1/event-regist/${id}/insight`,
};

/** Daily counts for the WIB days `from`..`to` (inclusive). */
export async function getSeries(series: Series, eventId: string, from: string, to: string, signal?: AbortSignal) {
  const res = await apiRequest<{ data: { result: SeriesPoint[] } }>(PATHS[series](eventId), {
    query: { granularity: 'day', startTime: wibInstant(from).toISOString(), endTime: wibInstant(to, '23:59').toISOString(), timeZone: TIME_ZONE },
    signal,
  });
  return res.data.result;
}

export const useSeries = (series: Series, eventId: string, from: string, to: string) =>
  useQuery(queryOptions({
    queryKey: ['insight', eventId, series, from, to],
    queryFn: ({ signal }) => getSeries(series, eventId, from, to, signal),
  }));

export type Breakdown = 'education' | 'gender';
export interface BreakdownRow { label: string; count: number }

export async function getBreakdown(kind: Breakdown, eventId: string, signal?: AbortSignal): Promise<BreakdownRow[]> {
  const res = await apiRequest<{ data: { result: ({ lastEducation?: string; gender?: string; count: number })[] } }>(
    `/v1/event-regist/${eventId}/insight/${kind}`, { signal },
  );
  return res.data.result.map((r) => ({ label: (kind === 'education' ? r.lastEducation : r.gender) ?? '-', count: r.count }));
}

export const useBreakdown = (kind: Breakdown, eventId: string) =>
  useQuery(queryOptions({ queryKey: ['insight', eventId, kind], queryFn: ({ signal }) => getBreakdown(kind, eventId, signal) }));
