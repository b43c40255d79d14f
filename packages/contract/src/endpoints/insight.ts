import { endpoint } from '../endpoint.js';
import { educationResponseSchema, genderResponseSchema, insightIdParamsSchema, insightQuerySchema, insightSeriesResponseSchema } from '../schemas/insight.js';
import { insightAttendanceResponseSchema } from '../schemas/insight-attendance.js';
import { answerFileParamsSchema, registrantExportQuerySchema, registrantListQuerySchema, registrantListResponseSchema } from '../schemas/participants.js';
import { fileAnswer } from '../endpoint.js';
import { ANSWER_FILE_MEDIA_TYPES, TABLE_MEDIA_TYPES } from './media-types.js';

const series = (path: `/${string}`) =>
  endpoint({ method: 'GET', path, tags: ['insight'], action: 'events.read', params: insightIdParamsSchema, query: insightQuerySchema, status: 200, response: insightSeriesResponseSchema });

/** Spec section 7: the overview's insight charts (organizer-scoped, 404 for others' events). */
export const INSIGHT = {
  views: series('/v1/events/:id/views'),
  saves: series('/v1/event-foll/:id/insight'),
  registrants: series('/v1/event-regist/:id/insight'),
  /** Twibbon downloads of the public maker (`/t/{customKey}`) per WIB day. */
  twibbonDownloads: series('/v1/event-regist/:id/insight/twibbon'),
  education: endpoint({ action: 'events.read', method: 'GET', path: '/v1/event-regist/:id/insight/education', tags: ['insight'], params: insightIdParamsSchema, status: 200, response: educationResponseSchema }),
  gender: endpoint({ action: 'events.read', method: 'GET', path: '/v1/event-regist/:id/insight/gender', tags: ['insight'], params: insightIdParamsSchema, status: 200, response: genderResponseSchema }),
  /**
   * Attendance: checked in over current registrants, and check-ins per WIB hour over
   * the event's days. Read like the rest of Insight (every role), not the check-in action.
   */
  attendance: endpoint({ action: 'events.read', method: 'GET', path: '/v1/events/:id/insight/attendance', tags: ['insight'], params: insightIdParamsSchema, status: 200, response: insightAttendanceResponseSchema }),
};

/** Spec section 7 (Participant tab): Data Partisipan and its downloads. */
export const PARTICIPANTS = {
  list: endpoint({ action: 'participants.read', method: 'GET', path: '/v1/event-regist/lists', tags: ['participants'], query: registrantListQuerySchema, status: 200, response: registrantListResponseSchema }),
  /** The whole list in one streamed file (Download Data / Get CSV Participants). */
  export: endpoint({ action: 'participants.export',
    method: 'GET', path: '/v1/event-regist/export', tags: ['participants'], query: registrantExportQuerySchema,
    status: 200, response: fileAnswer('CSV or XLSX of the participants'), answer: 'file', produces: TABLE_MEDIA_TYPES,
  }),
  /**
   * A file a registrant of the event uploaded as an answer (public registration), for every
   * member who may read participants; 404 unless an answer of this event's registrants names it.
   */
  answerFile: endpoint({ action: 'participants.read',
    method: 'GET', path: '/v1/events/:id/participants/answer-files/:fileId', tags: ['participants'], params: answerFileParamsSchema,
    status: 200, response: fileAnswer('The uploaded answer file (PNG, JPEG or PDF)'), answer: 'file', produces: ANSWER_FILE_MEDIA_TYPES,
  }),
};
