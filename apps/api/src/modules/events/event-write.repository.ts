import { and, asc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { EventPayload, QuestionInput, RevisionChange, SessionInput, TicketInput } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/pg-results.js';
import { preparedShapes } from '../../db/prepared-sql.js';
import { syncById } from '../../db/sync-by-id.js';
import { attendanceCodes, eventRevisions, events, eventSessions, eventTwibbons, registrationQuestions, sessionCheckins, ticketPriceHistory, tickets, ticketSeats, waitlistEntries, seatsSold } from '../../db/schema/index.js';
import { deadlineInstant, eventSpan } from './event-schedule.js';
import { subTypeColumns } from './sub-types.js';

/** The event columns a payload sets (the organizer block is flattened onto the event). */
export function eventColumns(p: EventPayload) {
  const eo = p.eventOrganizer;
  return {
    name: p.name ?? '',
    type: p.type ?? null,
    typeDesc: p.typeDesc ?? null,
    ...subTypeColumns(p.subTypes),
    subTypes: p.subTypes,
    competitionField: p.competitionField,
    fieldDesc: p.fieldDesc ?? null,
    description: p.description ?? null,
    imageUrl: p.imageUrl || null,
    isPaidEvent: Boolean(p.isPaidEvent),
    allowRegister: p.allowRegister ?? null,
    registrationMethod: p.registrationMethod ?? null,
    registrationUrl: p.registrationUrl || null,
    experience: p.experience ?? null,
    eventStreamQuestion: p.eventStreamQuestion ?? null,
    eventStreamLink: p.eventStreamLink || null,
    location: p.location ?? null,
    locationNotes: p.locationNotes ?? null,
    eventCoordinateLat: p.eventCoordinateLat ?? null,
    eventCoordinateLong: p.eventCoordinateLong ?? null,
    benefits: p.benefits,
    additionalBenefit: p.additionalBenefit,
    eligibilities: p.eligibilities,
    additionalEligibility: p.additionalEligibility,
    stepsToRegister: p.stepsToRegister,
    additionalStepsToRegister: p.additionalStepsToRegister,
    afterRegistSteps: p.afterRegistSteps,
    additionalAfterRegistSteps: p.additionalAfterRegistSteps,
    whatsAppGroupLink: p.whatsAppGroupLink || null,
    agreement: p.agreement,
    twibbonRequired: p.twibbonRequired,
    cancellationDeadline: p.cancellationDeadline ? new Date(p.cancellationDeadline) : null,
    eoName: eo.name ?? null,
    eoEmail: eo.email ?? null,
    eoPhoneNumber: eo.phoneNumberExist ? eo.phoneNumber || null : null,
    eoInstagramProfileUrl: eo.instagramProfileExist ? eo.instagramProfileUrl || null : null,
    eoOrganizationLogoUrl: eo.organizationLogoUrl || null,
    ...eventSpan(p.tickets.map((t) => t.dates)),
  };
}

function ticketColumns(t: TicketInput, position: number) {
  return {
    name: t.name ?? '',
    originalQuotaType: t.originalQuotaType ?? 'unlimited',
    originalQuota: t.originalQuota ?? -1,
    dates: t.dates.map((d) => ({ date: d.date, startHour: d.startHour ?? null, endHour: d.endHour ?? null })),
    eventTimeType: t.eventTimeType ?? null,
    eventTimeSingle: t.eventTimeSingle ?? null,
    // A draft may have a deadline day without its hour yet: stored as null, never as ''.
    registrationDeadline: t.registrationDeadline?.date ? { date: t.registrationDeadline.date, hour: t.registrationDeadline.hour || null } : null,
    registrationDeadlineAt: deadlineInstant(t.registrationDeadline?.date ? { date: t.registrationDeadline.date, hour: t.registrationDeadline.hour || null } : null),
    type: t.type ?? 'free',
    price: t.price ?? 0,
    fakePrice: t.fakePrice ?? null,
    maxTicketPerUser: t.maxTicketPerUser ?? -1,
    requiresApproval: t.requiresApproval,
    waitlist: t.waitlist,
    accessCode: t.accessCode || null,
    position,
  };
}

export async function insertEvent(db: DbOrTx, values: typeof events.$inferInsert) {
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  return row.id;
}

export async function updateEvent(db: DbOrTx, id: string, values: Partial<typeof events.$inferInsert>) {
  await db.update(events).set(values).where(eq(events.id, id));
}

export async function insertTicket(db: DbOrTx, eventId: string, t: TicketInput, position: number, now: Date) {
  const cols = ticketColumns(t, position);
  const [row] = await db.insert(tickets).values({ ...cols, eventId, quota: cols.originalQuota, createdAt: now, updatedAt: now }).returning({ id: tickets.id });
  return row.id;
}

/**
 * Per ticket of the event, the seats its current registrants hold (`sold`, the counters' slots)
 * and those waiting-list offers hold (`offered`): read in ONE statement, so an offer accepted
 * meanwhile counts once, as offered or as sold.
 */
export async function seatsHeldByTicket(db: DbOrTx, eventId: string): Promise<Map<string, { sold: number; offered: number }>> {
  // Aliased by hand: in a one-table select drizzle writes the columns unqualified, which inside
  // the subqueries would name the subqueries' own columns.
  const rows = rowsOf<{ id: string; sold: number; offered: number }>(await db.execute(sql`
    select t.id,
      ${seatsSold()} as sold,
      (select count(*) from ${waitlistEntries} w where w.ticket_id = t.id and w.status = 'offered')::int as offered
    from ${tickets} t where t.event_id = ${eventId}::uuid`));
  return new Map(rows.map((r) => [r.id, { sold: r.sold, offered: r.offered }]));
}

/**
 * Updates a ticket (locked with its seat slots: lockLiveTickets); the seats left keep the `held`
 * ones (sold, or held by an offer), all on the ticket's row again (take_seats hands them out to
 * the slots anew).
 */
export async function updateTicket(db: DbOrTx, id: string, t: TicketInput, position: number, held: number, now: Date) {
  const cols = ticketColumns(t, position);
  const quota = cols.originalQuota === -1 ? -1 : cols.originalQuota - held;
  await db.update(tickets).set({ ...cols, quota, updatedAt: now }).where(eq(tickets.id, id));
  await db.update(ticketSeats).set({ seats: 0 }).where(and(eq(ticketSeats.ticketId, id), ne(ticketSeats.seats, 0)));
}

export async function softDeleteTickets(db: DbOrTx, ids: string[], now: Date) {
  if (ids.length) await db.update(tickets).set({ deletedAt: now }).where(inArray(tickets.id, ids));
}

export async function recordPriceChange(db: DbOrTx, ticketId: string, oldPrice: number, newPrice: number, now: Date) {
  await db.insert(ticketPriceHistory).values({ ticketId, oldPrice, newPrice, createdAt: now });
}

/**
 * Makes the stored questions of one scope (general, or one ticket) equal the given list:
 * known ids are updated, new ones inserted, dropped ones soft-deleted (their answers stay).
 */
export async function syncQuestions(db: DbOrTx, eventId: string, ticketId: string | null, list: QuestionInput[], now: Date) {
  const scope = and(
    eq(registrationQuestions.eventId, eventId),
    ticketId ? eq(registrationQuestions.eventTicketId, ticketId) : isNull(registrationQuestions.eventTicketId),
    isNull(registrationQuestions.deletedAt),
  );
  const existing = await db.select({ id: registrationQuestions.id }).from(registrationQuestions).where(scope);
  const known = new Set(existing.map((q) => q.id));
  const keep = new Set<string>();
  for (const [i, q] of list.entries()) {
    const values = {
      name: q.name ?? '', description: q.description ?? null, type: q.type ?? 'text',
      options: q.options.map((o, n) => ({ name: o.name, optionOrderNumber: o.optionOrderNumber ?? n + 1 })),
      isGeneral: ticketId === null, isRequired: q.isRequired, isTicketBuyerOnly: q.isTicketBuyerOnly,
      stepOrderNumber: q.stepOrderNumber ?? i + 1, maxFiles: q.maxFiles ?? null, accept: q.accept ?? null,
    };
    if (q.id && known.has(q.id)) {
      keep.add(q.id);
      await db.update(registrationQuestions).set(values).where(eq(registrationQuestions.id, q.id));
    } else {
      await db.insert(registrationQuestions).values({ ...values, eventId, eventTicketId: ticketId, createdAt: now });
    }
  }
  const dropped = [...known].filter((id) => !keep.has(id));
  if (dropped.length) await db.update(registrationQuestions).set({ deletedAt: now }).where(inArray(registrationQuestions.id, dropped));
}

/**
 * The event's sessions as sent: one with the id of a stored session of this event is updated,
 * any other is new, and a stored one not sent is removed.
 */
/**
 * The first (by start) of the event's sessions that someone attended and `list` leaves out: a
 * session that may not be removed. Undefined when there is none.
 */
export async function attendedSessionLeftOut(db: DbOrTx, eventId: string, list: readonly SessionInput[]) {
  const kept = list.flatMap((s) => (s.id ? [s.id] : []));
  const [row] = await db.select({ name: eventSessions.name }).from(eventSessions)
    .where(and(
      eq(eventSessions.eventId, eventId), kept.length ? notInArray(eventSessions.id, kept) : undefined,
      sql`exists (select 1 from ${sessionCheckins} sc where sc.session_id = ${eventSessions.id})`,
    ))
    .orderBy(asc(eventSessions.startsAt)).limit(1);
  return row;
}

export async function syncSessions(db: DbOrTx, eventId: string, list: readonly SessionInput[]) {
  const stored = await db.select({ id: eventSessions.id }).from(eventSessions).where(eq(eventSessions.eventId, eventId));
  const values = (s: SessionInput, position: number) => ({ name: s.name, startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt), position });
  await syncById(stored.map((s) => s.id), list, {
    update: (id, s, position) => db.update(eventSessions).set(values(s, position)).where(eq(eventSessions.id, id)),
    insert: (s, position) => db.insert(eventSessions).values({ ...values(s, position), eventId }),
    remove: async (ids) => {
      // A session's attendance code goes with it: left behind (its reference set null), it would
      // become the whole event's code. The organizer sets a new one.
      await db.delete(attendanceCodes).where(inArray(attendanceCodes.sessionId, ids));
      await db.delete(eventSessions).where(inArray(eventSessions.id, ids));
    },
  });
}

export async function customKeyTaken(db: DbOrTx, key: string, exceptEventId?: string) {
  const rows = await twibbonsWithKey(db, exceptEventId ? 'except' : 'any', { key, exceptEventId });
  return rows.length > 0;
}

// The event form checks the key as it is typed: built once per variant (see preparedShapes).
const twibbonsWithKey = preparedShapes('events_twibbons_with_key', (db, of: 'except' | 'any') => db
  .select({ id: eventTwibbons.eventId })
  .from(eventTwibbons)
  .where(and(sql`lower(${eventTwibbons.customKey}) = lower(${sql.placeholder('key')})`, of === 'except' ? ne(eventTwibbons.eventId, sql.placeholder('exceptEventId')) : undefined)));

export async function saveTwibbon(db: DbOrTx, eventId: string, twibbon: EventPayload['twibbon']) {
  if (!twibbon) {
    await db.delete(eventTwibbons).where(eq(eventTwibbons.eventId, eventId));
    return;
  }
  const row = {
    customKey: twibbon.customKey || null, templateUrl: twibbon.templateUrl || null, posterUrl: twibbon.posterUrl || null,
    guide: twibbon.guide, caption: twibbon.caption ?? null,
  };
  await db.insert(eventTwibbons).values({ ...row, eventId }).onConflictDoUpdate({ target: eventTwibbons.eventId, set: row });
}

/** Holds (or replaces) the event's waiting revision: the edit as sent and what it changes. */
export async function saveRevision(db: DbOrTx, eventId: string, payload: EventPayload, changes: RevisionChange[], submittedBy: string, now: Date) {
  const row = { payload, changes, submittedBy, submittedAt: now };
  await db.insert(eventRevisions).values({ eventId, ...row }).onConflictDoUpdate({ target: eventRevisions.eventId, set: row });
}

export async function dropRevision(db: DbOrTx, eventId: string) {
  await db.delete(eventRevisions).where(eq(eventRevisions.eventId, eventId));
}

/** Renames a ticket: a published revision's one change to a ticket's own row. */
export async function renameTicket(db: DbOrTx, id: string, name: string, now: Date) {
  await db.update(tickets).set({ name, updatedAt: now }).where(eq(tickets.id, id));
}
