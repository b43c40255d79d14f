import { emptyAnswer, endpoint } from '../endpoint.js';
import { CHECKINS_ADDRESS } from './checkins-address.js';
import {
  checkinBodySchema, checkinEventParamsSchema, checkinRegistrantParamsSchema, checkinResponseSchema, checkinSearchQuerySchema,
  checkinSearchResponseSchema, checkinSummaryResponseSchema,
  checkinSyncBodySchema, checkinSyncResponseSchema, checkinUndoQuerySchema, offlinePackResponseSchema,
} from '../schemas/checkins.js';

const tags = ['checkins'] as const;

/**
 * API.md, "Check-in and attendance": check-in at the door of an event of the
 * organization. Writes need `checkin` (owner, admin, staff); the summary is a read of the event.
 */
export const CHECKINS = {
  /** 201; 409 ALREADY_CHECKED_IN (the first check-in in `data`), WRONG_EVENT, TICKET_REFUNDED; 404 TICKET_NOT_FOUND. */
  checkIn: endpoint({ ...CHECKINS_ADDRESS.checkIn, tags, action: 'checkin', params: checkinEventParamsSchema, body: checkinBodySchema, status: 201, response: checkinResponseSchema }),
  /** Undo a check-in (recorded in the audit log); 204 also when the registrant was not checked in; 404 when not the event's. */
  undo: endpoint({ ...CHECKINS_ADDRESS.undo, tags, action: 'checkin', params: checkinRegistrantParamsSchema, query: checkinUndoQuerySchema, status: 204, response: emptyAnswer, answer: 'empty' }),
  summary: endpoint({ ...CHECKINS_ADDRESS.summary, tags, action: 'events.read', params: checkinEventParamsSchema, status: 200, response: checkinSummaryResponseSchema }),
  offlinePack: endpoint({ ...CHECKINS_ADDRESS.offlinePack, tags, action: 'checkin', params: checkinEventParamsSchema, status: 200, response: offlinePackResponseSchema }),
  /** Offline scans, one result each in the order sent (first check-in wins; see the service). */
  /**
   * The door's search by hand: the name containing `q`, the email or the phone number starting
   * with it (a phone as 0812…, 62812… or +62 812… alike) or the exact ticket code, the event's
   * current registrants only, at most CHECKIN_SEARCH_MAX by name. The participant list
   * searches one field at a time and never by code, which the check-in screen needs in one box.
   */
  search: endpoint({ ...CHECKINS_ADDRESS.search, tags, action: 'checkin', params: checkinEventParamsSchema, query: checkinSearchQuerySchema, status: 200, response: checkinSearchResponseSchema }),
  sync: endpoint({ ...CHECKINS_ADDRESS.sync, tags, action: 'checkin', params: checkinEventParamsSchema, body: checkinSyncBodySchema, status: 200, response: checkinSyncResponseSchema }),
};
