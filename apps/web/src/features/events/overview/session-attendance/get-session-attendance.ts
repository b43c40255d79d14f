import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, SESSION_ATTENDANCE, type SessionAttendance } from '@eo/contract';
import { call } from '../../../../lib/api-call';

export type { SessionAttendance };
export type SessionAttendee = SessionAttendance['docs'][number];
export type AttendedSession = SessionAttendance['sessions'][number];

/** The page of confirmed participants asked for (by name), and every session's count. */
export interface AttendancePageQuery { page: number; minSessions: number }

/** `GET /v1/events/:id/attendance`: a page of the participants with the sessions each attended, and each session's count. */
export async function getSessionAttendance(eventId: string, q: AttendancePageQuery, signal?: AbortSignal): Promise<SessionAttendance> {
  return (await call(SESSION_ATTENDANCE.list, { params: { id: eventId }, query: { page: q.page, limit: PAGE_SIZE, minSessions: q.minSessions } }, { signal })).data;
}

/**
 * A page keeps the previous one on screen while the next loads. The first page without a
 * filter also tells how many participants are confirmed (its total): the counts' bars are read
 * against it, and the unfiltered table shares the same cached answer.
 */
export const useSessionAttendance = (eventId: string, q: AttendancePageQuery) =>
  useQuery(queryOptions({
    queryKey: ['session-attendance', eventId, q],
    queryFn: ({ signal }) => getSessionAttendance(eventId, q, signal),
    placeholderData: keepPreviousData,
  }));
