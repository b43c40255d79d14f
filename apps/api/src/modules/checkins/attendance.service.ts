import {
  ATTENDANCE_EVENT_MAX_WRONG, ATTENDANCE_EVENT_WINDOW_MS, ATTENDANCE_MAX_TRIES, ATTENDANCE_MSG, CHECKIN_MSG, fill, SESSION_MSG,
  type AttendanceCode, type AttendanceCodeBody, type AttendanceResult, type PlatformAttendanceBody, type PublicAttendanceBody,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { Permission, requireEvent } from '../../lib/access.js';
import { recordAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { ATTENDANCE_DEVICE } from '../../lib/checked-in-by.js';
import { conflict, DomainError, ERROR_CODE, notFound, secondsUntil, type ErrorCode } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import * as attendance from './attendance.repository.js';
import { issueIfEligible } from '../certificates/eligible/issue-if-eligible.js';
import * as checkins from './checkins.repository.js';
import * as sessions from './session-checkins.repository.js';

type Holder = Awaited<ReturnType<typeof attendance.holdersByTicket>>[number];

/** How a try ended inside its transaction: refusals leave it, so a wrong try's count is committed first. */
type Judged =
  | { ok: true; result: AttendanceResult }
  | { ok: false; code: ErrorCode; message: string; data?: Record<string, unknown>; retryAfterSeconds?: number };

/**
 * Online attendance, "Kode Presensi". A participant who sends the event's code inside
 * its window is checked in (the same conditional update as a scan at the door, with no member and
 * the device `presensi`), so the check-in counters, certificates to attendees, the participant list
 * and Insight count them with everyone scanned. Wrong codes are counted per participant (their
 * email) and per code: after ATTENDANCE_MAX_TRIES they are refused until the committee sets a new
 * code or checks them in by hand. They are also counted per event, whoever sends them: past
 * ATTENDANCE_EVENT_MAX_WRONG in ATTENDANCE_EVENT_WINDOW_MS every try waits for the window's end,
 * so throwaway registrations cannot share out a guess.
 */
export class AttendanceService {
  constructor(private readonly db: Db) {}

  async getCode(caller: Caller, eventId: string): Promise<AttendanceCode | null> {
    const event = await requireEvent(this.db, caller, Permission.EventCheckIn, eventId);
    return this.codeOf(event.id);
  }

  async setCode(caller: Caller, eventId: string, body: AttendanceCodeBody, now = new Date()): Promise<AttendanceCode> {
    const event = await requireEvent(this.db, caller, Permission.EventCheckIn, eventId);
    if (event.experience !== 'online') throw conflict(ATTENDANCE_MSG.onlineOnly);
    if (body.sessionId !== undefined && !(await sessions.findSession(this.db, event.id, body.sessionId))) throw notFound(SESSION_MSG.notFound);
    await this.db.transaction(async (tx) => {
      await attendance.saveCode(tx, event.id, {
        code: body.code, opensAt: new Date(body.opensAt), closesAt: new Date(body.closesAt), userId: caller.userId, sessionId: body.sessionId ?? null,
      });
      await recordAudit(tx, caller, {
        action: 'attendance.code_set', organizationId: event.organizationId, targetType: 'event', targetId: event.id, summary: event.name ?? '',
        detail: { opensAt: body.opensAt, closesAt: body.closesAt, ...(body.sessionId ? { sessionId: body.sessionId } : {}) },
      }, now);
    });
    return (await this.codeOf(event.id))!;
  }

  /** The e-ticket page's form: the ticket's holder. */
  async attendByTicket(body: PublicAttendanceBody, now = new Date()): Promise<AttendanceResult> {
    const holders = await attendance.holdersByTicket(this.db, body.ticketCode);
    if (!holders.length) throw new DomainError(ERROR_CODE.ticketNotFound, CHECKIN_MSG.ticketNotFound);
    return this.attend(holders, body.code, now);
  }

  /** The participant app: every registration of the email for the event, or the ticket's holder. */
  async attendOnPlatform(eventId: string, body: PlatformAttendanceBody, now = new Date()): Promise<AttendanceResult> {
    if (!isUuid(eventId)) throw notFound();
    const holders = body.email !== undefined
      ? await attendance.holdersByEmail(this.db, eventId, body.email)
      : (await attendance.holdersByTicket(this.db, body.ticketCode!)).filter((h) => h.eventId === eventId);
    if (!holders.length) {
      throw body.email !== undefined ? notFound(ATTENDANCE_MSG.emailNotRegistered) : new DomainError(ERROR_CODE.ticketNotFound, CHECKIN_MSG.ticketNotFound);
    }
    return this.attend(holders, body.code, now);
  }

  private async codeOf(eventId: string): Promise<AttendanceCode | null> {
    const row = await attendance.findCode(this.db, eventId);
    if (!row) return null;
    return {
      code: row.code, opensAt: row.opensAt.toISOString(), closesAt: row.closesAt.toISOString(), setBy: row.setBy, updatedAt: row.updatedAt.toISOString(),
      sessionId: row.sessionId, attended: await attendance.countAttended(this.db, eventId, row.sessionId),
    };
  }

  private async attend(all: Holder[], typed: string, now: Date): Promise<AttendanceResult> {
    const live = all.filter((h) => h.status === 'confirmed');
    if (!live.length) {
      throw all.some((h) => h.status === 'refunded')
        ? new DomainError(ERROR_CODE.ticketRefunded, CHECKIN_MSG.refunded)
        : new DomainError(ERROR_CODE.ticketNotConfirmed, CHECKIN_MSG.notConfirmed);
    }
    const { eventId, eventName, name } = live[0];
    const code = await attendance.findCode(this.db, eventId);
    if (!code || now < code.opensAt || now >= code.closesAt) {
      throw new DomainError(ERROR_CODE.attendanceClosed, ATTENDANCE_MSG.closed, code ? { data: { opensAt: code.opensAt.toISOString(), closesAt: code.closesAt.toISOString() } } : {});
    }
    const email = live[0].email.trim().toLowerCase();
    const judged = await this.db.transaction(async (tx): Promise<Judged> => {
      const wrong = await attendance.lockTries(tx, eventId, email, code.version);
      // The event's window, locked (after the participant's row, always in this order): tries
      // racing past the limit wait for each other and are judged against it one by one.
      const window = await attendance.lockEventWrong(tx, eventId);
      const busyUntil = window?.wrongSince && window.wrongCount >= ATTENDANCE_EVENT_MAX_WRONG ? new Date(window.wrongSince.getTime() + ATTENDANCE_EVENT_WINDOW_MS) : null;
      if (busyUntil && busyUntil > now) {
        const retryAfterSeconds = secondsUntil(busyUntil, now);
        return { ok: false, code: ERROR_CODE.attendanceTooManyTries, message: fill(ATTENDANCE_MSG.eventBusy, { minutes: Math.ceil(retryAfterSeconds / 60) }), retryAfterSeconds };
      }
      if (wrong >= ATTENDANCE_MAX_TRIES) {
        return { ok: false, code: ERROR_CODE.attendanceTooManyTries, message: ATTENDANCE_MSG.tooManyTries, retryAfterSeconds: secondsUntil(code.closesAt, now) };
      }
      if (typed !== code.code) {
        await attendance.saveTries(tx, eventId, email, code.version, wrong + 1);
        await attendance.countEventWrong(tx, eventId, now, ATTENDANCE_EVENT_WINDOW_MS);
        const left = ATTENDANCE_MAX_TRIES - wrong - 1;
        return { ok: false, code: ERROR_CODE.attendanceCodeWrong, message: fill(ATTENDANCE_MSG.wrong, { left }), data: { triesLeft: left } };
      }
      const times: string[] = [];
      let already = true;
      const scan = { eventId, userId: null, deviceId: ATTENDANCE_DEVICE, scannedAt: null, sessionId: code.sessionId };
      for (const h of live) {
        // A session's code attends that session (the first one also checks the registrant in); else the event's check-in.
        const done = code.sessionId
          ? await sessions.checkInSession(tx, h.id, code.sessionId, scan)
          : await checkins.checkIn(tx, { registrantId: h.id }, scan);
        if (done) {
          already = false;
          times.push(done.checkedInAt);
          if (code.sessionId) await issueIfEligible(tx, eventId, h.id);
          continue;
        }
        const standing = code.sessionId ? (await sessions.standingOf(tx, h.id, code.sessionId, scan))?.checkedInAt : h.checkedInAt?.toISOString();
        if (standing) times.push(standing);
      }
      times.sort();
      return { ok: true, result: { eventName: eventName ?? '', name, attendedAt: times[0] ?? now.toISOString(), already } };
    });
    if (!judged.ok) throw new DomainError(judged.code, judged.message, { data: judged.data, retryAfterSeconds: judged.retryAfterSeconds });
    return judged.result;
  }
}
