import { createHash } from 'node:crypto';
import {
  CHECKIN_ID, CHECKIN_MSG, CHECKIN_SEARCH_MAX, OFFLINE_HASH_HEX, SESSION_MSG,
  type CheckinBody, type CheckinSearchItem, type CheckinResult, type CheckinSummary, type CheckinSyncBody, type CheckinSyncItem, type OfflinePack,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { Permission, requireEvent, scopeOf } from '../../lib/access.js';
import { recordAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { DomainError, notFound, type ErrorCode } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { issueIfEligible } from '../certificates/eligible/issue-if-eligible.js';
import * as repo from './checkins.repository.js';
import * as sessions from './session-checkins.repository.js';

/** Check-ins in the summary's recent list. */
export const RECENT_CHECKINS = 20;

/** The offline pack's hash of a code: the first OFFLINE_HASH_HEX hex characters of its SHA-256. */
export const codeHash = (code: string) => createHash('sha256').update(code).digest('hex').slice(0, OFFLINE_HASH_HEX);

const MESSAGE: Record<CheckinSyncItem['outcome'], string> = {
  [CHECKIN_ID.checkedIn]: CHECKIN_MSG.checkedIn,
  [CHECKIN_ID.alreadyCheckedIn]: CHECKIN_MSG.alreadyCheckedIn,
  [CHECKIN_ID.ticketNotFound]: CHECKIN_MSG.ticketNotFound,
  [CHECKIN_ID.wrongEvent]: CHECKIN_MSG.wrongEvent,
  [CHECKIN_ID.refunded]: CHECKIN_MSG.refunded,
  [CHECKIN_ID.notConfirmed]: CHECKIN_MSG.notConfirmed,
  [CHECKIN_ID.sessionNotFound]: CHECKIN_MSG.sessionNotFound,
};
const outcome = (o: CheckinSyncItem['outcome'], rest: Omit<CheckinSyncItem, 'outcome' | 'message'> = {}): CheckinSyncItem => ({ outcome: o, message: MESSAGE[o], ...rest });

/**
 * Check-in at the door. The server decides: a check-in is one conditional UPDATE
 * (repository), so concurrent scans of one code give exactly one check-in and every other scan
 * is answered ALREADY_CHECKED_IN with the first one's time and member.
 *
 * Offline scans (`sync`) follow the same rule, "first check-in wins":
 * - a check-in already recorded on the server always stands, whatever time an offline scan claims;
 * - within one sync the scans are tried in `scannedAt` order (ties in the order sent), so of two
 *   devices' scans of one code in a batch the earliest checks in and the other is a duplicate;
 *   across syncs, the one that reaches the server first has recorded it;
 * - an offline check-in's time is its `scannedAt`, clamped to no later than now (a phone's clock
 *   ahead) and no earlier than the registration (nobody attends before registering);
 * - a scan sent again (a sync retried after a lost answer: same scanner, same time as the check-in
 *   standing) is answered CHECKED_IN again, not as a duplicate.
 *
 * A scan for a session (`sessionId`) attends that session: once per session, each session on its
 * own, the same rules within it; the first session attended is also the event's check-in.
 */
export class CheckinsService {
  constructor(private readonly db: Db) {}

  private async eventFor(caller: Caller, eventId: string) {
    return requireEvent(this.db, caller, Permission.EventCheckIn, eventId);
  }

  async checkIn(caller: Caller, eventId: string, body: CheckinBody): Promise<CheckinResult> {
    const target: repo.Target = body.code !== undefined ? { code: body.code } : { registrantId: body.registrantId! };
    const scan = (id: string): repo.Scan => ({ eventId: id, userId: caller.userId, deviceId: body.deviceId ?? null, scannedAt: null, sessionId: body.sessionId ?? null });
    let result: CheckinSyncItem;
    if (body.sessionId !== undefined) {
      const event = await this.eventFor(caller, eventId);
      if (!(await sessions.findSession(this.db, event.id, body.sessionId))) throw notFound(SESSION_MSG.notFound);
      result = await this.attempt(target, scan(event.id));
    } else if (isUuid(eventId) && ('code' in target || isUuid(target.registrantId))) {
      // The scan at the door: the gate's question (may the caller check in at this live event?)
      // and the check-in in one statement; the same answers as requireEvent then attempt.
      const first = await repo.checkInPermitted(this.db, scopeOf(caller, Permission.EventCheckIn), target, scan(eventId));
      if (!first.permitted) throw notFound();
      result = first.checkedIn ? outcome(CHECKIN_ID.checkedIn, first.checkedIn) : await this.attempt(target, scan(eventId), true);
    } else {
      const event = await this.eventFor(caller, eventId);
      result = await this.attempt(target, scan(event.id));
    }
    if (result.outcome === CHECKIN_ID.checkedIn) {
      const { registrantId, name, ticketName, checkedInAt, checkedInBy } = result;
      return { registrantId: registrantId!, name: name!, ticketName: ticketName!, checkedInAt: checkedInAt!, checkedInBy: checkedInBy ?? null };
    }
    const { outcome: code, message, ...data } = result;
    // The outcomes other than CHECKED_IN are ERROR_CODE's check-in refusals, by the same names.
    throw new DomainError(code as ErrorCode, message, code === CHECKIN_ID.alreadyCheckedIn ? { data } : {});
  }

  /** Every scan in `scannedAt` order (see the class), each answered at its place in the batch. */
  async sync(caller: Caller, eventId: string, body: CheckinSyncBody): Promise<CheckinSyncItem[]> {
    const event = await this.eventFor(caller, eventId);
    // A session removed while the scanner was offline: its scans are refused one by one, the rest go on.
    const named = [...new Set(body.scans.flatMap((scan) => (scan.sessionId ? [scan.sessionId] : [])))];
    const known = new Set<string>();
    for (const id of named) if (await sessions.findSession(this.db, event.id, id)) known.add(id);
    const order = body.scans.map((scan, i) => ({ scan, i, at: new Date(scan.scannedAt) })).sort((a, b) => a.at.getTime() - b.at.getTime() || a.i - b.i);
    const results: CheckinSyncItem[] = new Array(body.scans.length);
    for (const { scan, i, at } of order) {
      const s: repo.Scan = { eventId: event.id, userId: caller.userId, deviceId: scan.deviceId, scannedAt: at, sessionId: scan.sessionId ?? null };
      results[i] = scan.sessionId && !known.has(scan.sessionId) ? await this.refuse({ ...s, sessionId: null }, 'session_not_found') : await this.attempt({ code: scan.code }, s);
    }
    return results;
  }

  /**
   * Undoes a standing check-in (audit log: checkin.undone); one not checked in is left as it is
   * (204). Another event's registrant: 404. With `sessionId`, only that session's attendance; the
   * registrant's own check-in goes with the last session attended. Without it, every session's too.
   */
  async undo(caller: Caller, eventId: string, registrantId: string, sessionId?: string, now = new Date()): Promise<void> {
    const event = await this.eventFor(caller, eventId);
    if (!isUuid(registrantId)) throw notFound();
    if (sessionId !== undefined && !(await sessions.findSession(this.db, event.id, sessionId))) throw notFound(SESSION_MSG.notFound);
    await this.db.transaction(async (tx) => {
      const row = await repo.lockRegistrant(tx, event.id, registrantId);
      if (!row) throw notFound();
      const undone = await sessions.undoSessions(tx, event.id, row.id, sessionId ?? null, caller.userId);
      if (sessionId !== undefined && !undone) return;
      // The own check-in stays while another session's attendance does.
      const keepOwn = sessionId !== undefined && (await sessions.attendsAny(tx, event.id, row.id));
      const cleared = !keepOwn && (await repo.undo(tx, event.id, row, caller.userId));
      if (undone || cleared) await this.auditUndo(tx, caller, event, row, sessionId, now);
    });
  }

  private async auditUndo(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0], caller: Caller, event: { id: string; organizationId: string },
    row: { id: string; name: string; checkedInAt: Date | null; checkedInBy: string | null }, sessionId: string | undefined, now: Date,
  ) {
    await recordAudit(tx, caller, {
      action: 'checkin.undone', organizationId: event.organizationId, targetType: 'registrant', targetId: row.id, summary: row.name,
      detail: { eventId: event.id, checkedInAt: row.checkedInAt?.toISOString(), checkedInBy: row.checkedInBy, ...(sessionId ? { sessionId } : {}) },
    }, now);
  }

  async summary(caller: Caller, eventId: string): Promise<CheckinSummary> {
    const event = await requireEvent(this.db, caller, Permission.EventRead, eventId);
    const [{ byTicket, recent }, counts] = await Promise.all([
      repo.checkinSummaryOf(this.db, event.id, RECENT_CHECKINS), sessions.sessionCounts(this.db, event.id),
    ]);
    return {
      registered: byTicket.reduce((n, t) => n + t.registered, 0),
      checkedIn: byTicket.reduce((n, t) => n + t.checkedIn, 0),
      byTicket,
      recent: recent.map((r) => ({ ...r, at: r.at.toISOString() })),
      sessions: counts.map((c) => ({ id: c.id, name: c.name, startsAt: c.startsAt.toISOString(), endsAt: c.endsAt.toISOString(), checkedIn: c.attended })),
    };
  }

  async offlinePack(caller: Caller, eventId: string, now = new Date()): Promise<OfflinePack> {
    const event = await this.eventFor(caller, eventId);
    const [names, valid, list, attended] = await Promise.all([
      repo.ticketNames(this.db, event.id), repo.validTickets(this.db, event.id), sessions.sessionsOf(this.db, event.id), sessions.attendedByRegistrant(this.db, event.id),
    ]);
    const index = new Map(names.map((t, i) => [t.ticketId, i]));
    const sessionIndex = new Map(list.map((s, i) => [s.id, i]));
    return {
      eventId: event.id,
      generatedAt: now.toISOString(),
      hash: { algorithm: 'sha256', hexLength: OFFLINE_HASH_HEX },
      tickets: names,
      sessions: list.map((s) => ({ id: s.id, name: s.name, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() })),
      entries: valid.map((r) => ({
        hash: codeHash(r.code), name: r.name, ticket: index.get(r.ticketId)!, checkedIn: r.checkedIn,
        sessions: (attended.get(r.id) ?? []).map((id) => sessionIndex.get(id)!).sort((a, b) => a - b),
      })),
    };
  }

  /** Registrants matching `q` for a check-in by hand (see CHECKINS.search). */
  async search(caller: Caller, eventId: string, q: string, sessionId?: string): Promise<CheckinSearchItem[]> {
    const event = await this.eventFor(caller, eventId);
    if (sessionId !== undefined && !(await sessions.findSession(this.db, event.id, sessionId))) throw notFound(SESSION_MSG.notFound);
    if (!q) return [];
    return repo.searchRegistrants(this.db, event.id, q, CHECKIN_SEARCH_MAX, sessionId);
  }

  /**
   * One scan: checked in, or why not (recorded as a fact either way). `tried`: its first update
   * already ran and checked nobody in (checkIn's one statement).
   */
  private async attempt(target: repo.Target, scan: repo.Scan, tried = false): Promise<CheckinSyncItem> {
    if ('registrantId' in target && !isUuid(target.registrantId)) return this.refuse(scan, 'not_found');
    if (scan.sessionId) return this.attemptSession(target, scan, scan.sessionId);
    // A second try only when the ticket was free again between the update and the look (an undo).
    for (let tries = 0; ; tries++) {
      const done = tries === 0 && tried ? undefined : await repo.checkIn(this.db, target, scan);
      if (done) return outcome(CHECKIN_ID.checkedIn, done);
      const state = await repo.ticketState(this.db, target, scan);
      const refused = await this.refusalOf(state, target, scan);
      if (refused || !state) return refused ?? outcome(CHECKIN_ID.ticketNotFound);
      if (state.checkedInAt) {
        const first = { ...knownOf(state), checkedInAt: state.checkedInAt, checkedInBy: state.checkedInBy };
        if (state.sameScan) return outcome(CHECKIN_ID.checkedIn, first);
        await repo.recordMiss(this.db, scan, { kind: 'duplicate', registrantId: state.registrantId });
        return outcome(CHECKIN_ID.alreadyCheckedIn, first);
      }
      if (tries >= 2) return outcome(CHECKIN_ID.ticketNotFound);
    }
  }

  /** One scan for a session: the ticket is looked up first (a code names no registrant until then), then the session attended. */
  private async attemptSession(target: repo.Target, scan: repo.Scan, sessionId: string): Promise<CheckinSyncItem> {
    for (let tries = 0; ; tries++) {
      const state = await repo.ticketState(this.db, target, scan);
      const refused = await this.refusalOf(state, target, scan);
      if (refused || !state) return refused ?? outcome(CHECKIN_ID.ticketNotFound);
      // A session attended may complete a certificate's rules: the job that issues it (once) is
      // queued in the same transaction, so no attendance is kept without it.
      const done = await this.db.transaction(async (tx) => {
        const attended = await sessions.checkInSession(tx, state.registrantId, sessionId, scan);
        if (attended) await issueIfEligible(tx, scan.eventId, state.registrantId);
        return attended;
      });
      if (done) return outcome(CHECKIN_ID.checkedIn, { ...knownOf(state), ...done });
      const standing = await sessions.standingOf(this.db, state.registrantId, sessionId, scan);
      if (standing) {
        const first = { ...knownOf(state), checkedInAt: standing.checkedInAt, checkedInBy: standing.checkedInBy };
        if (standing.sameScan) return outcome(CHECKIN_ID.checkedIn, first);
        await repo.recordMiss(this.db, scan, { kind: 'duplicate', registrantId: state.registrantId });
        return outcome(CHECKIN_ID.alreadyCheckedIn, first);
      }
      // Neither written nor standing: the registration changed between the look and the write.
      if (tries >= 2) return outcome(CHECKIN_ID.ticketNotFound);
    }
  }

  /** Why a scan of this ticket checks nobody in, whatever its check-in (recorded as a refusal); undefined when it may. */
  private async refusalOf(state: repo.TicketState | undefined, target: repo.Target, scan: repo.Scan): Promise<CheckinSyncItem | undefined> {
    // A hand-picked registrant of another event is unknown here: its id says nothing about it.
    if (!state || (!state.sameEvent && 'registrantId' in target)) return this.refuse(scan, 'not_found');
    if (!state.sameEvent) return this.refuse(scan, 'wrong_event');
    if (state.status === 'refunded') return this.refuse(scan, 'refunded', knownOf(state));
    if (state.status !== 'confirmed') return this.refuse(scan, 'not_confirmed', knownOf(state));
    return undefined;
  }

  private async refuse(scan: repo.Scan, reason: keyof typeof REFUSAL, known: Omit<CheckinSyncItem, 'outcome' | 'message'> = {}) {
    // The registrant is named only when it is this event's (a refund, a registration not
    // confirmed); another event's stays out.
    await repo.recordMiss(this.db, scan, { kind: 'refused', reason, registrantId: known.registrantId });
    return outcome(REFUSAL[reason], known);
  }
}

const knownOf = (state: repo.TicketState) => ({ registrantId: state.registrantId, name: state.name, ticketName: state.ticketName });

const REFUSAL = {
  not_found: CHECKIN_ID.ticketNotFound, wrong_event: CHECKIN_ID.wrongEvent, refunded: CHECKIN_ID.refunded, not_confirmed: CHECKIN_ID.notConfirmed,
  session_not_found: CHECKIN_ID.sessionNotFound,
} as const;
