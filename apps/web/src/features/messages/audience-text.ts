import { BROADCAST_TEXT as T, type MessageAttendance, type MessageListItem } from '@eo/contract';

export const ATTENDANCE_LABEL: Record<MessageAttendance, string> = {
  all: T.attendanceAll, checkedIn: T.attendanceCheckedIn, notCheckedIn: T.attendanceNotCheckedIn,
};

/** `VIP, Reguler · Sudah check-in`, or `Semua kategori tiket · Semua peserta`. */
export const audienceText = (m: Pick<MessageListItem, 'ticketNames' | 'audience'>) =>
  `${m.ticketNames.length ? m.ticketNames.join(', ') : T.allTickets} · ${ATTENDANCE_LABEL[m.audience.attendance]}`;
