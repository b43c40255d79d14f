import { z } from 'zod';
import { CHECKIN_ID, CHECKIN_MSG } from '../messages.js';
import { envelope, resultEnvelope } from './common.js';

/** Check-in at the door (API.md, "Check-in and attendance"). */

/** A ticket code as the QR holds it: base64url (22 characters from the API, 43 for older rows). */
export const ticketCodeSchema = z.string().trim().min(1).max(100);

export const checkinEventParamsSchema = z.object({ id: z.string().max(100) });
export const checkinRegistrantParamsSchema = z.object({ id: z.string().max(100), registrantId: z.string().max(100) });
/** An undo of one session's attendance; without it, the whole check-in (every session) is undone. */
export const checkinUndoQuerySchema = z.object({ sessionId: z.string().max(100).optional() });

/** A scanned code, or a registrant picked by hand from the search; exactly one. */
export const checkinBodySchema = z.object({
  code: ticketCodeSchema.optional(),
  registrantId: z.string().max(100).optional(),
  /** The scanner (phone) it came from, as it names itself. */
  deviceId: z.string().trim().max(100).optional(),
  /** The session attended (one of the event's): each session is attended once, the event's own check-in set by the first. */
  sessionId: z.string().max(100).optional(),
}).refine((b) => (b.code === undefined) !== (b.registrantId === undefined), { message: CHECKIN_MSG.codeOrRegistrant, path: ['code'] });
export type CheckinBody = z.infer<typeof checkinBodySchema>;

export const checkinResultSchema = z.object({
  registrantId: z.string(),
  name: z.string(),
  ticketName: z.string(),
  checkedInAt: z.string(),
  /** The member who checked them in (their name). */
  checkedInBy: z.string().nullable(),
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;
export const checkinResponseSchema = resultEnvelope(checkinResultSchema);

/** The `data` of a 409 ALREADY_CHECKED_IN: the first check-in. */
export const alreadyCheckedInSchema = z.object({ checkedInAt: z.string(), checkedInBy: z.string().nullable() });
export type AlreadyCheckedIn = z.infer<typeof alreadyCheckedInSchema>;

export const checkinSummarySchema = z.object({
  /** Current registrants: refunded ones are not counted. */
  registered: z.number().int(),
  checkedIn: z.number().int(),
  byTicket: z.array(z.object({ ticketId: z.string(), name: z.string(), registered: z.number().int(), checkedIn: z.number().int() })),
  /** The last 20 check-ins, newest first; `undone` when that check-in no longer stands. */
  recent: z.array(z.object({
    registrantId: z.string(), name: z.string(), ticketName: z.string(), at: z.string(), by: z.string().nullable(), undone: z.boolean(),
    /** The session it was for, if any. */
    sessionId: z.string().nullable(),
  })),
  /** The event's sessions in start order, each with the tickets checked in to it. */
  sessions: z.array(z.object({ id: z.string(), name: z.string(), startsAt: z.string(), endsAt: z.string(), checkedIn: z.number().int() })),
});
export type CheckinSummary = z.infer<typeof checkinSummarySchema>;
export const checkinSummaryResponseSchema = resultEnvelope(checkinSummarySchema);

/** Hex characters of SHA-256(code) the offline pack keeps: 96 bits, no collision among an event's tickets, no forging one. */
export const OFFLINE_HASH_HEX = 24;

/**
 * What a scanner validates against offline: every valid (not refunded) ticket of the event as the
 * first OFFLINE_HASH_HEX hex characters of SHA-256 of its code (never the code), the holder's
 * name, its category (an index into `tickets`) and whether it was checked in when generated.
 */
export const offlinePackSchema = z.object({
  eventId: z.string(),
  generatedAt: z.string(),
  hash: z.object({ algorithm: z.literal('sha256'), hexLength: z.number().int() }),
  tickets: z.array(z.object({ ticketId: z.string(), name: z.string() })),
  /** The event's sessions in start order; an entry's `sessions` are indexes into it (those attended when generated). */
  sessions: z.array(z.object({ id: z.string(), name: z.string(), startsAt: z.string(), endsAt: z.string() })),
  entries: z.array(z.object({ hash: z.string(), name: z.string(), ticket: z.number().int(), checkedIn: z.boolean(), sessions: z.array(z.number().int()) })),
});
export type OfflinePack = z.infer<typeof offlinePackSchema>;
export const offlinePackResponseSchema = resultEnvelope(offlinePackSchema);

/** Scans one sync may carry. */
export const CHECKIN_SYNC_MAX = 500;

export const checkinSyncBodySchema = z.object({
  scans: z.array(z.object({
    code: ticketCodeSchema,
    /** When the scanner read it (ISO instant). */
    scannedAt: z.iso.datetime({ offset: true }),
    deviceId: z.string().trim().max(100),
    /** The session the scanner was set to, if any. */
    sessionId: z.string().max(100).optional(),
  })).min(1).max(CHECKIN_SYNC_MAX),
});
export type CheckinSyncBody = z.infer<typeof checkinSyncBodySchema>;

export const CHECKIN_OUTCOMES = [
  CHECKIN_ID.checkedIn, CHECKIN_ID.alreadyCheckedIn, CHECKIN_ID.ticketNotFound, CHECKIN_ID.wrongEvent, CHECKIN_ID.refunded,
  CHECKIN_ID.notConfirmed, CHECKIN_ID.sessionNotFound,
] as const;

/** One per scan, in the order sent: the outcome (the online refusal's messageId) and what is known. */
export const checkinSyncItemSchema = z.object({
  outcome: z.enum(CHECKIN_OUTCOMES),
  message: z.string(),
  registrantId: z.string().optional(),
  name: z.string().optional(),
  ticketName: z.string().optional(),
  /** CHECKED_IN: the time recorded; ALREADY_CHECKED_IN: the first check-in's. */
  checkedInAt: z.string().optional(),
  checkedInBy: z.string().nullable().optional(),
});
export type CheckinSyncItem = z.infer<typeof checkinSyncItemSchema>;
export const checkinSyncResponseSchema = envelope(z.object({ results: z.array(checkinSyncItemSchema) }));

/** Registrants one search answers at most: the door needs the few that match, not a page. */
export const CHECKIN_SEARCH_MAX = 20;

/** `GET /v1/events/:id/checkins/search?q=`: one text matched against name, email, phone and code; none finds nobody. */
export const checkinSearchQuerySchema = z.object({
  q: z.string().trim().max(120).default(''),
  /** With a session: each registrant's check-in is their attendance of that session. */
  sessionId: z.string().max(100).optional(),
});

/** A current (not refunded) registrant the search found, and whether they are checked in. */
export const checkinSearchItemSchema = z.object({
  registrantId: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  ticketName: z.string(),
  checkedInAt: z.string().nullable(),
  checkedInBy: z.string().nullable(),
});
export type CheckinSearchItem = z.infer<typeof checkinSearchItemSchema>;
export const checkinSearchResponseSchema = envelope(z.object({ results: z.array(checkinSearchItemSchema) }));
