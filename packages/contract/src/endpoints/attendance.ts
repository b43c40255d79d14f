import { endpoint } from '../endpoint.js';
import { ATTENDANCE_ADDRESS } from './attendance-address.js';
import { CHECKINS_ADDRESS } from './checkins-address.js';
import {
  attendanceCodeBodySchema, attendanceCodeResponseSchema, attendanceCodeSetResponseSchema, attendanceEventParamsSchema, attendanceResponseSchema,
  platformAttendanceBodySchema, platformAttendanceParamsSchema, publicAttendanceBodySchema,
} from '../schemas/attendance.js';

const tags = ['attendance'] as const;

/**
 * Online attendance (API.md "Check-in and attendance"): the committee sets a code and
 * its window (`checkin`: owner, admin, staff); participants send it with their ticket code (the
 * e-ticket page) or their email or ticket code (the participant app). Attending checks the
 * registrant in, so certificates, the participant list and Insight count them as present.
 * Refusals: 409 ATTENDANCE_CLOSED (no code, or outside its window), 400 ATTENDANCE_CODE_WRONG
 * (`data.triesLeft`), 429 ATTENDANCE_TOO_MANY_TRIES, 404 TICKET_NOT_FOUND, 409 TICKET_REFUNDED.
 */
export const ATTENDANCE = {
  getCode: endpoint({
    ...CHECKINS_ADDRESS.attendanceCode, tags, action: 'checkin', params: attendanceEventParamsSchema, status: 200, response: attendanceCodeResponseSchema,
  }),
  /** 409 when the event is not online. */
  setCode: endpoint({
    ...CHECKINS_ADDRESS.setAttendanceCode, tags, action: 'checkin', params: attendanceEventParamsSchema, body: attendanceCodeBodySchema,
    status: 200, response: attendanceCodeSetResponseSchema,
  }),
  attend: endpoint({ ...ATTENDANCE_ADDRESS.attend, tags, body: publicAttendanceBodySchema, status: 201, response: attendanceResponseSchema }),
  attendPlatform: endpoint({
    method: 'POST', path: '/v1/platform/events/:eventId/attendance', tags, access: 'platform', params: platformAttendanceParamsSchema, body: platformAttendanceBodySchema,
    status: 201, response: attendanceResponseSchema,
  }),
};
