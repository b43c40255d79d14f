import { queryOptions, useQuery } from '@tanstack/react-query';
import { INSIGHT, type InsightAttendance } from '@eo/contract';
import { call } from '../../../../lib/api-call';

/** Attendance of the Insight tab: checked in over registrants, and check-ins per WIB hour. */
export async function getAttendance(eventId: string, signal?: AbortSignal): Promise<InsightAttendance> {
  return (await call(INSIGHT.attendance, { params: { id: eventId } }, { signal })).data.result;
}

export const useAttendance = (eventId: string) =>
  useQuery(queryOptions({ queryKey: ['insight', eventId, 'attendance'], queryFn: ({ signal }) => getAttendance(eventId, signal) }));
