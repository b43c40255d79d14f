import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedQuery, preparedSql } from '../../db/prepared-sql.js';
import type { EventPayload, RevisionChange } from '@eo/contract';
import { eventRevisions, events, eventSessions, eventTwibbons, registrationQuestions, seatsLeft, tickets, ticketSeats, users, seatsSold } from '../../db/schema/index.js';

export async function liveTickets(db: DbOrTx, eventId: string) {
  return liveTicketsOf(db, { eventId });
}

// The live tickets, built once (db/prepared-sql.ts).
const liveTicketsOf = preparedQuery('event_detail_tickets', (db) => db.select().from(tickets)
  .where(and(eq(tickets.eventId, sql.placeholder('eventId')), isNull(tickets.deletedAt))).orderBy(asc(tickets.position)));
/**
 * The live tickets, locked in id order (the order every multi-ticket writer uses), then their
 * seat slots (ticket by ticket, slot by slot: take_seats' order), by position. A seat is taken or
 * given back only under one of these locks, so once they are held none moves until the edit
 * commits, and the sold count read after them is the one the new remaining seats are computed
 * from. FOR NO KEY UPDATE: a registration holding a slot still takes its foreign keys' FOR KEY
 * SHARE on the ticket and commits; FOR UPDATE would make it wait for the edit that waits for it.
 */
export async function lockLiveTickets(db: DbOrTx, eventId: string) {
  const rows = await db.select().from(tickets).where(and(eq(tickets.eventId, eventId), isNull(tickets.deletedAt)))
    .orderBy(asc(tickets.id)).for('no key update');
  if (rows.length) {
    await db.select({ slot: ticketSeats.slot }).from(ticketSeats).where(inArray(ticketSeats.ticketId, rows.map((t) => t.id)))
      .orderBy(asc(ticketSeats.ticketId), asc(ticketSeats.slot)).for('update');
  }
  return rows.sort((a, b) => a.position - b.position);
}

interface DetailTicket {
  id: string; eventId: string; name: string; originalQuotaType: string; originalQuota: number; quota: number;
  dates: (typeof tickets.$inferSelect)['dates']; eventTimeType: string | null; eventTimeSingle: (typeof tickets.$inferSelect)['eventTimeSingle'];
  registrationDeadline: (typeof tickets.$inferSelect)['registrationDeadline']; type: string; price: number; fakePrice: number | null;
  maxTicketPerUser: number; seats: number; requiresApproval: boolean; waitlist: boolean; accessCode: string | null;
}
type QuestionRow = typeof registrationQuestions.$inferSelect;
type DetailQuestion = Pick<QuestionRow, 'id' | 'name' | 'description' | 'type' | 'options' | 'isGeneral' | 'isRequired' | 'isTicketBuyerOnly' | 'stepOrderNumber' | 'eventTicketId' | 'maxFiles' | 'accept'>;
interface DetailParts {
  tickets: DetailTicket[]; questions: DetailQuestion[];
  twibbon: Pick<typeof eventTwibbons.$inferSelect, 'customKey' | 'templateUrl' | 'posterUrl' | 'guide' | 'caption'> | null;
  creator: string | null;
  sessions: { id: string; name: string; startsAt: string; endsAt: string }[];
  revision: { submittedAt: string; changes: RevisionChange[]; payload: EventPayload } | null;
}

/**
 * Everything of the detail but the event's own row, in ONE statement (each statement a request
 * runs costs the server a round trip, whatever it reads): the live tickets by position with the
 * seats their registrants hold (the counters' slots), the live questions in form order, the
 * twibbon, the creator's name and a waiting revision, built as JSON with the answer's own keys.
 */
const detailParts = preparedSql<DetailParts>('event_detail_parts', () => sql`
  select
    (select coalesce(json_agg(json_build_object(
        'id', t.id, 'eventId', t.event_id, 'name', t.name, 'originalQuotaType', t.original_quota_type,
        'originalQuota', t.original_quota, 'quota', ${seatsLeft()}, 'dates', t.dates, 'eventTimeType', t.event_time_type,
        'eventTimeSingle', t.event_time_single, 'registrationDeadline', t.registration_deadline, 'type', t.type,
        'price', t.price, 'fakePrice', t.fake_price, 'maxTicketPerUser', t.max_ticket_per_user,
        'requiresApproval', t.requires_approval, 'waitlist', t.waitlist, 'accessCode', t.access_code,
        'seats', ${seatsSold()}
      ) order by t.position), '[]'::json)
     from ${tickets} t where t.event_id = ${sql.placeholder('eventId')} and t.deleted_at is null) as tickets,
    (select coalesce(json_agg(json_build_object(
        'id', q.id, 'name', q.name, 'description', q.description, 'type', q.type, 'options', q.options,
        'isGeneral', q.is_general, 'isRequired', q.is_required, 'isTicketBuyerOnly', q.is_ticket_buyer_only,
        'stepOrderNumber', q.step_order_number, 'eventTicketId', q.event_ticket_id, 'maxFiles', q.max_files, 'accept', q.accept
      ) order by q.step_order_number, q.created_at), '[]'::json)
     from ${registrationQuestions} q where q.event_id = ${sql.placeholder('eventId')} and q.deleted_at is null) as questions,
    (select json_build_object('customKey', w.custom_key, 'templateUrl', w.template_url, 'posterUrl', w.poster_url, 'guide', w.guide, 'caption', w.caption)
     from ${eventTwibbons} w where w.event_id = ${sql.placeholder('eventId')} limit 1) as twibbon,
    (select u.name from ${users} u where u.id = ${sql.placeholder('creatorId')}) as creator,
    (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'startsAt', s.starts_at, 'endsAt', s.ends_at) order by s.starts_at, s.position), '[]'::json)
     from ${eventSessions} s where s.event_id = ${sql.placeholder('eventId')}) as sessions,
    (select json_build_object('submittedAt', r.submitted_at, 'changes', r.changes, 'payload', r.payload)
     from ${eventRevisions} r where r.event_id = ${sql.placeholder('eventId')}) as revision`);

/** The whole event of spec section 3 (`e` read through the access gate): tickets with their questions, general questions, twibbon, organizer. */
export async function eventDetail(db: DbOrTx, e: typeof events.$inferSelect) {
  const [{ tickets: ticketRows, questions: questionRows, twibbon, creator, sessions, revision }] = await detailParts(db, { eventId: e.id, creatorId: e.creatorId });
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
    cancellationDeadline: e.cancellationDeadline?.toISOString() ?? null,
    twibbonCustomKey: twibbon?.customKey ?? null,
    twibbon,
    eventOrganizer: {
      name: e.eoName,
      email: e.eoEmail,
      phoneNumber: e.eoPhoneNumber,
      phoneNumberExist: Boolean(e.eoPhoneNumber),
      instagramProfileUrl: e.eoInstagramProfileUrl,
      instagramProfileExist: Boolean(e.eoInstagramProfileUrl),
      organizationLogoUrl: e.eoOrganizationLogoUrl,
    },
    creatorProfile: { name: creator ?? '' },
    registrationSteps: questionRows.filter((q) => !q.eventTicketId),
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
      ticketCount: t.seats,
      registrationSteps: questionRows.filter((q) => q.eventTicketId === t.id),
      requiresApproval: t.requiresApproval,
      waitlist: t.waitlist,
      accessCode: t.accessCode,
    })),
    sessions: sessions.map((x) => ({ ...x, startsAt: new Date(x.startsAt).toISOString(), endsAt: new Date(x.endsAt).toISOString() })),
    firstEventAt: e.firstEventAt?.toISOString() ?? null,
    lastEventAt: e.lastEventAt?.toISOString() ?? null,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    deletedAt: e.deletedAt?.toISOString() ?? null,
    revision: revision && { ...revision, submittedAt: new Date(revision.submittedAt).toISOString() },
  };
}
export type EventDetail = Awaited<ReturnType<typeof eventDetail>>;
