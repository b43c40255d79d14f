import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  eventDailyMetrics, eventSaves, events, registrantAnswers, registrants, registrationQuestions, tickets, transactions,
} from '../../db/schema/index.js';

type Metric = 'views' | 'saves' | 'registrants';

/** Adds `n` to one metric of one WIB day (the per-day aggregate behind the insight charts). */
export async function bumpDailyMetric(db: DbOrTx, eventId: string, day: string, metric: Metric, n = 1) {
  const column = eventDailyMetrics[metric];
  await db
    .insert(eventDailyMetrics)
    .values({ eventId, day, [metric]: n })
    .onConflictDoUpdate({
      target: [eventDailyMetrics.eventId, eventDailyMetrics.day],
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

/** Locks the ticket row: registrations for one ticket are serialised on it, so quota holds. */
export async function lockTicket(db: DbOrTx, ticketId: string) {
  const rows = await db
    .select({
      id: tickets.id,
      eventId: tickets.eventId,
      type: tickets.type,
      price: tickets.price,
      quota: tickets.quota,
      originalQuota: tickets.originalQuota,
      maxTicketPerUser: tickets.maxTicketPerUser,
      registrationDeadlineAt: tickets.registrationDeadlineAt,
      deletedAt: tickets.deletedAt,
    })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .for('update');
  return rows[0];
}

export async function ticketsHeldBy(db: DbOrTx, ticketId: string, email: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${registrants.quantity}), 0)::int` })
    .from(registrants)
    .where(and(eq(registrants.ticketId, ticketId), sql`lower(${registrants.email}) = lower(${email})`, isNull(registrants.cancelledAt)));
  return row.n;
}

export function questionsFor(db: DbOrTx, eventId: string, ticketId: string) {
  return db
    .select({ id: registrationQuestions.id, isRequired: registrationQuestions.isRequired, name: registrationQuestions.name })
    .from(registrationQuestions)
    .where(and(
      eq(registrationQuestions.eventId, eventId),
      or(isNull(registrationQuestions.eventTicketId), eq(registrationQuestions.eventTicketId, ticketId)),
      isNull(registrationQuestions.deletedAt),
    ));
}

export async function adjustQuota(db: DbOrTx, ticketId: string, delta: number) {
  await db.update(tickets).set({ quota: sql`${tickets.quota} + ${delta}` }).where(eq(tickets.id, ticketId));
}

export async function insertTransaction(db: DbOrTx, values: typeof transactions.$inferInsert) {
  const [row] = await db.insert(transactions).values(values).returning({ id: transactions.id });
  return row.id;
}

export async function insertRegistrant(db: DbOrTx, values: typeof registrants.$inferInsert) {
  const [row] = await db.insert(registrants).values(values).returning({ id: registrants.id });
  return row.id;
}

export async function insertAnswers(db: DbOrTx, registrantId: string, answers: { questionId: string; value: unknown }[]) {
  if (answers.length === 0) return;
  await db.insert(registrantAnswers).values(answers.map((a) => ({ registrantId, questionId: a.questionId, value: a.value })));
}

export async function lockTransaction(db: DbOrTx, transactionId: string) {
  const rows = await db.select().from(transactions).where(eq(transactions.id, transactionId)).for('update');
  return rows[0];
}

export async function markRefunded(db: DbOrTx, transactionId: string, at: Date) {
  await db.update(transactions).set({ status: 'refund', refundedAt: at }).where(eq(transactions.id, transactionId));
  await db.update(registrants).set({ cancelledAt: at }).where(eq(registrants.transactionId, transactionId));
}
