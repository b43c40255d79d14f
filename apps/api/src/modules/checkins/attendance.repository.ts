import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-sql.js';
import { attendanceCodes, attendanceTries, confirmedRegistrant, events, registrants, sessionCheckins, users } from '../../db/schema/index.js';
import { publishedEvents as reachable } from '../../lib/access.repository.js';
import { ATTENDANCE_DEVICE } from '../../lib/checked-in-by.js';

/** What an attendance try is judged against: the event and its code, if it has one. */
export async function findCode(db: DbOrTx, eventId: string) {
  const [row] = await codeOf(db, { eventId });
  return row;
}

// Read by the check-in screen's poll and by every attendance try: built once (db/prepared-sql.ts).
const codeOf = preparedQuery('attendance_code_of_event', (db) => db.select({
    code: attendanceCodes.code, opensAt: attendanceCodes.opensAt, closesAt: attendanceCodes.closesAt, version: attendanceCodes.version,
    updatedAt: attendanceCodes.updatedAt, setBy: users.name, sessionId: attendanceCodes.sessionId,
  })
    .from(attendanceCodes)
    .leftJoin(users, eq(users.id, attendanceCodes.setBy))
    .where(eq(attendanceCodes.eventId, sql.placeholder('eventId'))));

/**
 * Sets the event's code and window; each setting is a new `version` (new tries for everyone) and
 * closes the event's window of wrong codes: guesses at the old code tell nothing of the new one.
 */
export async function saveCode(db: DbOrTx, eventId: string, set: { code: string; opensAt: Date; closesAt: Date; userId: string; sessionId: string | null }) {
  await db.insert(attendanceCodes).values({ eventId, code: set.code, opensAt: set.opensAt, closesAt: set.closesAt, setBy: set.userId, sessionId: set.sessionId })
    .onConflictDoUpdate({
      target: attendanceCodes.eventId,
      set: {
        code: set.code, opensAt: set.opensAt, closesAt: set.closesAt, setBy: set.userId, sessionId: set.sessionId,
        version: sql`${attendanceCodes.version} + 1`, updatedAt: sql`now()`,
        wrongSince: null, wrongCount: 0,
      },
    });
}

/** The event's window of wrong codes, its row locked until the transaction ends. */
export async function lockEventWrong(tx: DbOrTx, eventId: string) {
  const [row] = await tx.select({ wrongSince: attendanceCodes.wrongSince, wrongCount: attendanceCodes.wrongCount }).from(attendanceCodes)
    .where(eq(attendanceCodes.eventId, eventId)).for('update');
  return row;
}

/**
 * Counts one wrong code for the event, in one statement (concurrent tries each count): a new
 * window starts at `now` when none is open; returns the window as it now stands.
 */
export async function countEventWrong(db: DbOrTx, eventId: string, now: Date, windowMs: number) {
  const opensNew = sql`${attendanceCodes.wrongSince} is null or ${attendanceCodes.wrongSince} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const [row] = await db.update(attendanceCodes).set({
    wrongSince: sql`case when ${opensNew} then ${now.toISOString()}::timestamptz else ${attendanceCodes.wrongSince} end`,
    wrongCount: sql`case when ${opensNew} then 1 else ${attendanceCodes.wrongCount} + 1 end`,
  }).where(eq(attendanceCodes.eventId, eventId)).returning({ wrongSince: attendanceCodes.wrongSince, wrongCount: attendanceCodes.wrongCount });
  return row;
}

/** The event's current registrants who attended with a code: of the session, when the code names one. */
export async function countAttended(db: DbOrTx, eventId: string, sessionId: string | null) {
  const [row] = sessionId ? await sessionAttendedOf(db, { sessionId }) : await attendedOf(db, { eventId });
  return row?.n ?? 0;
}

const sessionAttendedOf = preparedQuery('attendance_attended_of_session', (db) => db.select({ n: sql<number>`count(*)::int` }).from(sessionCheckins)
  .innerJoin(registrants, eq(registrants.id, sessionCheckins.registrantId))
  .where(and(eq(sessionCheckins.sessionId, sql.placeholder('sessionId')), confirmedRegistrant(), eq(sessionCheckins.deviceId, ATTENDANCE_DEVICE))));

const attendedOf = preparedQuery('attendance_attended_of_event', (db) => db.select({ n: sql<number>`count(*)::int` }).from(registrants)
  .where(and(eq(registrants.eventId, sql.placeholder('eventId')), confirmedRegistrant(), eq(registrants.checkedInDevice, ATTENDANCE_DEVICE))));

const holder = {
  id: registrants.id, eventId: registrants.eventId, name: registrants.name, email: registrants.email,
  status: registrants.status, checkedInAt: registrants.checkedInAt,
  eventName: events.name,
};


/** The registration of a ticket code, when its event is reachable. */
export function holdersByTicket(db: DbOrTx, ticketCode: string) {
  return db.select(holder).from(registrants).innerJoin(events, eq(events.id, registrants.eventId))
    .where(and(eq(registrants.ticketCode, ticketCode), reachable));
}

/** Every registration of an email for a reachable event, oldest first. */
export function holdersByEmail(db: DbOrTx, eventId: string, email: string) {
  return db.select(holder).from(registrants).innerJoin(events, eq(events.id, registrants.eventId))
    .where(and(eq(registrants.eventId, eventId), sql`lower(${registrants.email}) = lower(${email})`, reachable))
    .orderBy(asc(registrants.createdAt));
}

/**
 * The participant's wrong tries for the code `version`, their row locked until the transaction
 * ends, so concurrent tries of one person are judged one after another and never exceed the limit.
 */
export async function lockTries(tx: DbOrTx, eventId: string, email: string, version: number) {
  await tx.insert(attendanceTries).values({ eventId, email, version, wrong: 0 }).onConflictDoNothing();
  const [row] = await tx.select({ version: attendanceTries.version, wrong: attendanceTries.wrong }).from(attendanceTries)
    .where(and(eq(attendanceTries.eventId, eventId), eq(attendanceTries.email, email))).for('update');
  return row!.version === version ? row!.wrong : 0;
}

export async function saveTries(tx: DbOrTx, eventId: string, email: string, version: number, wrong: number) {
  await tx.update(attendanceTries).set({ version, wrong, updatedAt: sql`now()` })
    .where(and(eq(attendanceTries.eventId, eventId), eq(attendanceTries.email, email)));
}
