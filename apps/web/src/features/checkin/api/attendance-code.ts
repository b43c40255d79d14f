import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHECKINS_ADDRESS, type ATTENDANCE, type AttendanceCode, type AttendanceCodeBody } from '@eo/contract';
import { callAt } from '../../../lib/api-call';
import { checkinKeys } from './checkins';

export type { AttendanceCode };

/** The attended count moves as participants send the code: read again every 10 s while the screen is open. */
export const ATTENDANCE_POLL_MS = 10_000;

export const useAttendanceCode = (eventId: string, enabled: boolean) =>
  useQuery(queryOptions({
    queryKey: checkinKeys.attendanceCode(eventId),
    queryFn: async ({ signal }): Promise<AttendanceCode | null> =>
      (await callAt<typeof ATTENDANCE.getCode>(CHECKINS_ADDRESS.attendanceCode, { params: { id: eventId } }, { signal })).data.result,
    refetchInterval: ATTENDANCE_POLL_MS,
    enabled,
  }));

export async function saveAttendanceCode(eventId: string, body: AttendanceCodeBody): Promise<AttendanceCode> {
  return (await callAt<typeof ATTENDANCE.setCode>(CHECKINS_ADDRESS.setAttendanceCode, { params: { id: eventId }, body })).data.result;
}
