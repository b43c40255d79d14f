import { endpoint, fileAnswer } from '../endpoint.js';
import { TABLE_MEDIA_TYPES } from './media-types.js';
import {
  sessionAttendanceExportQuerySchema, sessionAttendanceParamsSchema, sessionAttendanceQuerySchema, sessionAttendanceResponseSchema,
} from '../schemas/session-attendance.js';

const tags = ['attendance'] as const;

/** Who attended which session (API.md, "Sessions, evaluation and certificate rules"): a read of the event. */
export const SESSION_ATTENDANCE = {
  /** The event's confirmed participants by name with the sessions each attended, and each session's count. */
  list: endpoint({
    action: 'participants.read', method: 'GET', path: '/v1/events/:id/attendance', tags, params: sessionAttendanceParamsSchema,
    query: sessionAttendanceQuerySchema, status: 200, response: sessionAttendanceResponseSchema,
  }),
  /** The same rows as a table (a column per session); formula-safe cells. Owners, admins and finance. */
  export: endpoint({
    action: 'participants.export', method: 'GET', path: '/v1/events/:id/attendance/export', tags, params: sessionAttendanceParamsSchema,
    query: sessionAttendanceExportQuerySchema, status: 200, response: fileAnswer('CSV or XLSX of the attendance per session'), answer: 'file', produces: TABLE_MEDIA_TYPES,
  }),
};
