import { emptyAnswer, endpoint } from '../endpoint.js';
import {
  checkinBodySchema, checkinEventParamsSchema, checkinRegistrantParamsSchema, checkinResponseSchema, checkinSummaryResponseSchema,
  checkinSyncBodySchema, checkinSyncResponseSchema, offlinePackResponseSchema,
} from '../schemas/checkins.js';

const tags = ['checkins'] as const;

/**
 * API.md, "Check-in and attendance" (issue 18): check-in at the door of an event of the
 * organization. Writes need `checkin` (owner, admin, staff); the summary is a read of the event.
 */
export const CHECKINS = {
  /** 201; 409 ALREADY_CHECKED_IN (the first check-in in `data`), WRONG_EVENT, TICKET_REFUNDED; 404 TICKET_NOT_FOUND. */
  checkIn: endpoint({ method: 'POST', path: '/v1/events/:id/checkins', tags, action: 'checkin', params: checkinEventParamsSchema, body: checkinBodySchema, status: 201, response: checkinResponseSchema }),
  /** Undo a check-in (recorded in the audit log); 204 also when the registrant was not checked in; 404 when not the event's. */
  undo: endpoint({ method: 'DELETE', path: '/v1/events/:id/checkins/:registrantId', tags, action: 'checkin', params: checkinRegistrantParamsSchema, status: 204, response: emptyAnswer, answer: 'empty' }),
  summary: endpoint({ method: 'GET', path: '/v1/events/:id/checkins/summary', tags, action: 'events.read', params: checkinEventParamsSchema, status: 200, response: checkinSummaryResponseSchema }),
  offlinePack: endpoint({ method: 'GET', path: '/v1/events/:id/checkins/offline-pack', tags, action: 'checkin', params: checkinEventParamsSchema, status: 200, response: offlinePackResponseSchema }),
  /** Offline scans, one result each in the order sent (first check-in wins; see the service). */
  sync: endpoint({ method: 'POST', path: '/v1/events/:id/checkins/sync', tags, action: 'checkin', params: checkinEventParamsSchema, body: checkinSyncBodySchema, status: 200, response: checkinSyncResponseSchema }),
};
