import { queryOptions, useQuery } from '@tanstack/react-query';
import { INSIGHT, TIME_ZONE, wibInstant } from '@eo/contract';
import { call } from '../../../../lib/api-call';

export type Series = 'views' | 'saved' | 'registrants' | 'twibbon';
export interface SeriesPoint { time: string; count: number; name: string }

/** The three `/insight` calls of spec section 7, one per series, and the twibbon downloads. */
const ENDPOINTS = { views: INSIGHT.views, saved: INSIGHT.saves, registrants: INSIGHT.registrants, twibbon: INSIGHT.twibbonDownloads } as const;

/** Daily counts for the WIB days `from`..`to` (inclusive). */
export async function getSeries(series: Series, eventId: string, from: string, to: string, signal?: AbortSignal) {
  const res = await call(ENDPOINTS[series], {
    params: { id: eventId },
    query: { granularity: 'day', startTime: wibInstant(from).toISOString(), endTime: wibInstant(to, '23:59').toISOString(), timeZone: TIME_ZONE },
  }, { signal });
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
  if (kind === 'education') {
    const res = await call(INSIGHT.education, { params: { id: eventId } }, { signal });
    return res.data.result.map((r) => ({ label: r.lastEducation ?? '-', count: r.count }));
  }
  const res = await call(INSIGHT.gender, { params: { id: eventId } }, { signal });
  return res.data.result.map((r) => ({ label: r.gender ?? '-', count: r.count }));
}

export const useBreakdown = (kind: Breakdown, eventId: string) =>
  useQuery(queryOptions({ queryKey: ['insight', eventId, kind], queryFn: ({ signal }) => getBreakdown(kind, eventId, signal) }));
