import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared-sql.js';
import { seatsByTicket } from '../../lib/counters.repository.js';
import { checkinCounters, events, eventTwibbons, registrationQuestions, tickets, users } from '../../db/schema/index.js';

type QuestionRow = typeof registrationQuestions.$inferSelect;

function questionOut(q: QuestionRow) {
  return {
    id: q.id, name: q.name, description: q.description, type: q.type, options: q.options,
    isGeneral: q.isGeneral, isRequired: q.isRequired, isTicketBuyerOnly: q.isTicketBuyerOnly,
    stepOrderNumber: q.stepOrderNumber, eventTicketId: q.eventTicketId, maxFiles: q.maxFiles, accept: q.accept,
  };
}

export async function liveTickets(db: DbOrTx, eventId: string) {
  return liveTicketsOf(db, { eventId });
}

// The detail's reads, built once (db/prepared-sql.ts): every wizard step and overview opens it.
const liveTicketsOf = preparedQuery('event_detail_tickets', (db) => db.select().from(tickets)
  .where(and(eq(tickets.eventId, sql.placeholder('eventId')), isNull(tickets.deletedAt))).orderBy(asc(tickets.position)));
const liveQuestionsOf = preparedQuery('event_detail_questions', (db) => db.select().from(registrationQuestions)
  .where(and(eq(registrationQuestions.eventId, sql.placeholder('eventId')), isNull(registrationQuestions.deletedAt)))
  .orderBy(asc(registrationQuestions.stepOrderNumber), asc(registrationQuestions.createdAt)));
const twibbonOf = preparedQuery('event_detail_twibbon', (db) => db.select().from(eventTwibbons)
  .where(eq(eventTwibbons.eventId, sql.placeholder('eventId'))).limit(1));
const creatorOf = preparedQuery('event_detail_creator', (db) => db.select({ name: users.name }).from(users)
  .where(eq(users.id, sql.placeholder('userId'))));

/**
 * The live tickets by position, each with the seats its current registrants hold (the counters'
 * slots summed: seatsByTicket's figures), in one statement: the sales summary's tickets. The
 * outer columns qualified by hand (a one-table select writes drizzle's columns unqualified).
 */
export async function liveTicketsWithSeats(db: DbOrTx, eventId: string) {
  const rows = await liveTicketsWithSeatsOf(db, { eventId });
  return rows.map(({ ticket, seats }) => ({ ...ticket, seats }));
}

const liveTicketsWithSeatsOf = preparedQuery('events_live_tickets_with_seats', (db) => db
  .select({
    ticket: tickets,
    seats: sql<number>`(select coalesce(sum(c.seats), 0) from ${checkinCounters} c where c.event_id = ${tickets}.event_id and c.ticket_id = ${tickets}.id)`.mapWith(Number),
  })
  .from(tickets).where(and(eq(tickets.eventId, sql.placeholder('eventId')), isNull(tickets.deletedAt))).orderBy(asc(tickets.position)));

/**
 * The live tickets, locked FOR UPDATE in id order (the order every multi-ticket writer uses), by
 * position. A registration takes its seat with an UPDATE of the same row, so once these locks are
 * held no seat is taken or returned until the edit commits, and the sold count read after them
 * is the one the new remaining quota is computed from.
 */
export async function lockLiveTickets(db: DbOrTx, eventId: string) {
  const rows = await db.select().from(tickets).where(and(eq(tickets.eventId, eventId), isNull(tickets.deletedAt)))
    .orderBy(asc(tickets.id)).for('update');
  return rows.sort((a, b) => a.position - b.position);
}

/** The whole event of spec section 3 (`e` read through the access gate): tickets with their questions, general questions, twibbon, organizer. */
export async function eventDetail(db: DbOrTx, e: typeof events.$inferSelect) {
  const id = e.id;
  const [ticketRows, questionRows, [twibbon], [creator], sold] = await Promise.all([
    liveTickets(db, id),
    liveQuestionsOf(db, { eventId: id }),
    twibbonOf(db, { eventId: id }),
    creatorOf(db, { userId: e.creatorId }),
    seatsByTicket(db, id),
  ]);
  return {
    id: e.id,
    name: e.name,
    tag: e.tag,
    type: e.type,
    typeDesc: e.typeDesc,
    subType: e.subType,
    subTypeDesc: e.subTypeDesc,
    subTypes: e.subTypes,
    competitionField: e.competitionField,
    fieldDesc: e.fieldDesc,
    description: e.description,
    imageUrl: e.imageUrl,
    isPaidEvent: e.isPaidEvent,
    isDraft: e.isDraft,
    isOfficial: e.isOfficial,
    approvedStatus: e.approvedStatus,
    allowRegister: e.allowRegister,
    registrationMethod: e.registrationMethod,
    registrationUrl: e.registrationUrl,
    experience: e.experience,
    eventStreamQuestion: e.eventStreamQuestion,
    eventStreamLink: e.eventStreamLink,
    location: e.location,
    locationNotes: e.locationNotes,
    eventCoordinateLat: e.eventCoordinateLat,
    eventCoordinateLong: e.eventCoordinateLong,
    benefits: e.benefits,
    additionalBenefit: e.additionalBenefit,
    eligibilities: e.eligibilities,
    additionalEligibility: e.additionalEligibility,
    stepsToRegister: e.stepsToRegister,
    additionalStepsToRegister: e.additionalStepsToRegister,
    afterRegistSteps: e.afterRegistSteps,
    additionalAfterRegistSteps: e.additionalAfterRegistSteps,
    whatsAppGroupLink: e.whatsAppGroupLink,
    agreement: e.agreement,
    twibbonRequired: e.twibbonRequired,
    twibbonCustomKey: twibbon?.customKey ?? null,
    twibbon: twibbon ? { customKey: twibbon.customKey, templateUrl: twibbon.templateUrl, posterUrl: twibbon.posterUrl, guide: twibbon.guide, caption: twibbon.caption } : null,
    eventOrganizer: {
      name: e.eoName,
      email: e.eoEmail,
      phoneNumber: e.eoPhoneNumber,
      phoneNumberExist: Boolean(e.eoPhoneNumber),
      instagramProfileUrl: e.eoInstagramProfileUrl,
      instagramProfileExist: Boolean(e.eoInstagramProfileUrl),
      organizationLogoUrl: e.eoOrganizationLogoUrl,
    },
    creatorProfile: { name: creator?.name ?? '' },
    registrationSteps: questionRows.filter((q) => !q.eventTicketId).map(questionOut),
    tickets: ticketRows.map((t) => ({
      id: t.id,
      eventId: t.eventId,
      name: t.name,
      originalQuotaType: t.originalQuotaType,
      originalQuota: t.originalQuota,
      quota: t.quota,
      dates: t.dates,
      eventTimeType: t.eventTimeType,
      eventTimeSingle: t.eventTimeSingle,
      registrationDeadline: t.registrationDeadline,
      type: t.type,
      price: t.price,
      fakePrice: t.fakePrice,
      maxTicketPerUser: t.maxTicketPerUser,
      ticketCount: sold.get(t.id) ?? 0,
      registrationSteps: questionRows.filter((q) => q.eventTicketId === t.id).map(questionOut),
    })),
    firstEventAt: e.firstEventAt?.toISOString() ?? null,
    lastEventAt: e.lastEventAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    deletedAt: e.deletedAt?.toISOString() ?? null,
  };
}
export type EventDetail = Awaited<ReturnType<typeof eventDetail>>;
