import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  dailySlot, eventDailyMetrics, eventSaves, events, registrants, registrationQuestions, seatsLeft, tickets, transactions,
} from '../../db/schema/index.js';

type Metric = 'views' | 'saves' | 'registrants';

/** Adds `n` to one metric of one WIB day (the per-day aggregate behind the insight charts). */
export async function bumpDailyMetric(db: DbOrTx, eventId: string, day: string, metric: Metric, n = 1) {
  const column = eventDailyMetrics[metric];
  await db
    .insert(eventDailyMetrics)
    .values({ eventId, day, slot: dailySlot(), [metric]: n })
    .onConflictDoUpdate({
      target: [eventDailyMetrics.eventId, eventDailyMetrics.day, eventDailyMetrics.slot],
      set: { [metric]: sql`${column} + ${n}` },
    });
}

export function findPublishedEvent(db: DbOrTx, eventId: string) {
  return db.query.events.findFirst({
    columns: { id: true, isDraft: true, deletedAt: true },
    where: and(eq(events.id, eventId), eq(events.isDraft, false), isNull(events.deletedAt)),
  });
}

/** Inserts the save; true when it is new (saving twice counts once). */
export async function insertSave(db: DbOrTx, eventId: string, userRef: string, at: Date) {
  const rows = await db
    .insert(eventSaves)
    .values({ eventId, userRef, createdAt: at })
    .onConflictDoNothing()
    .returning({ eventId: eventSaves.eventId });
  return rows.length > 0;
}

export async function deleteSave(db: DbOrTx, eventId: string, userRef: string) {
  await db.delete(eventSaves).where(and(eq(eventSaves.eventId, eventId), eq(eventSaves.userRef, userRef)));
}

/** A question the ticket asks, as the registration checks it. */
export interface RegistrationQuestion {
  id: string;
  name: string;
  isRequired: boolean;
  /** text, paragraph, radio, checkbox, image or file (QUESTION_TYPES). */
  type: string;
  options: { name: string }[] | null;
  maxFiles: number | null;
  accept: string[] | null;
}

function registrationTargetQuery(db: Db) {
  const ticketId = sql.placeholder('ticketId');
  return db
    .select({
      eventName: events.name,
      organizationId: events.organizationId,
      creatorId: events.creatorId,
      isDraft: events.isDraft,
      approvedStatus: events.approvedStatus,
      eventDeletedAt: events.deletedAt,
      registrationMethod: events.registrationMethod,
      ticket: {
        id: tickets.id,
        name: tickets.name,
        type: tickets.type,
        price: tickets.price,
        // The seats left, its row's and its slots'.
        quota: seatsLeft('tickets'),
        originalQuota: tickets.originalQuota,
        maxTicketPerUser: tickets.maxTicketPerUser,
        registrationDeadlineAt: tickets.registrationDeadlineAt,
        deletedAt: tickets.deletedAt,
        requiresApproval: tickets.requiresApproval,
        waitlist: tickets.waitlist,
        accessCode: tickets.accessCode,
      },
      questions: sql<RegistrationQuestion[]>`coalesce((
        select json_agg(json_build_object('id', q.id, 'name', q.name, 'isRequired', q.is_required, 'type', q.type,
          'options', q.options, 'maxFiles', q.max_files, 'accept', q.accept))
        from ${registrationQuestions} q
        where q.event_id = ${events.id} and q.deleted_at is null and (q.event_ticket_id is null or q.event_ticket_id = ${ticketId}::uuid)
      ), '[]'::json)`,
    })
    .from(events)
    .leftJoin(tickets, and(eq(tickets.id, ticketId), eq(tickets.eventId, events.id)))
    .where(eq(events.id, sql.placeholder('eventId')))
    .prepare('platform_registration_target');
}

// Prepared once per database: the hottest read of intake skips query building in Node and
// parsing/planning in PostgreSQL (a named statement on each pooled connection).
const targetQueries = new WeakMap<Db, ReturnType<typeof registrationTargetQuery>>();

/**
 * The event (any state, so that a deleted or draft one answers "closed" and an unknown one 404)
 * with the ticket when it belongs to that event, and the questions that ticket asks, in one
 * round trip. Read without locks: the decisive checks are in the insert (registration.repository).
 */
export async function findRegistrationTarget(db: Db, eventId: string, ticketId: string) {
  let query = targetQueries.get(db);
  if (!query) targetQueries.set(db, (query = registrationTargetQuery(db)));
  const rows = await query.execute({ eventId, ticketId });
  return rows[0];
}

/** Gives refunded seats back to a limited ticket (unlimited ones keep -1). */
export async function returnSeats(db: DbOrTx, ticketId: string, quantity: number) {
  await db
    .update(tickets)
    .set({ quota: sql`${tickets.quota} + ${quantity}` })
    .where(and(eq(tickets.id, ticketId), sql`${tickets.originalQuota} <> -1`));
}

export async function lockTransaction(db: DbOrTx, transactionId: string) {
  const rows = await db.select().from(transactions).where(eq(transactions.id, transactionId)).for('update');
  return rows[0];
}

export async function markRefunded(db: DbOrTx, transactionId: string, at: Date) {
  await db.update(transactions).set({ status: 'refund', refundedAt: at }).where(eq(transactions.id, transactionId));
  await db.update(registrants).set({ status: 'refunded', cancelledAt: at }).where(eq(registrants.transactionId, transactionId));
}
