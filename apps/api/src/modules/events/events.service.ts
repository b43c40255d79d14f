import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { events, eventTwibbons, registrationQuestions, tickets } from '../../db/schema/index.js';
import { deadlineInstant, eventSpan } from './event-schedule.js';

type EventInsert = typeof events.$inferInsert;
type TicketInsert = typeof tickets.$inferInsert;
type QuestionInsert = typeof registrationQuestions.$inferInsert;
type TwibbonInsert = typeof eventTwibbons.$inferInsert;

export interface NewEvent {
  event: Omit<EventInsert, 'id' | 'creatorId' | 'firstEventAt' | 'lastEventAt' | 'createdAt' | 'updatedAt'>;
  tickets: (Omit<TicketInsert, 'id' | 'eventId' | 'registrationDeadlineAt' | 'quota'> & {
    questions?: Omit<QuestionInsert, 'id' | 'eventId' | 'eventTicketId'>[];
  })[];
  /** Questions asked for every ticket. */
  questions?: Omit<QuestionInsert, 'id' | 'eventId' | 'eventTicketId'>[];
  twibbon?: Omit<TwibbonInsert, 'eventId'>;
}

/**
 * Stores an event with its tickets, questions and twibbon in one transaction, keeping the
 * derived columns (event span, deadline instants, remaining quota) consistent.
 * The event API of a later issue validates payloads before calling this.
 */
export async function createEvent(db: Db, creatorId: string, input: NewEvent, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const span = eventSpan(input.tickets.map((t) => t.dates ?? []));
    const [row] = await tx
      .insert(events)
      .values({ ...input.event, creatorId, ...span, createdAt: now, updatedAt: now })
      .returning({ id: events.id });
    const eventId = row.id;
    if (input.questions?.length) {
      await tx.insert(registrationQuestions).values(input.questions.map((q) => ({ ...q, eventId, createdAt: now })));
    }
    for (const [position, { questions, ...ticket }] of input.tickets.entries()) {
      const [t] = await tx
        .insert(tickets)
        .values({
          ...ticket,
          eventId,
          position,
          quota: ticket.originalQuota ?? -1,
          registrationDeadlineAt: deadlineInstant(ticket.registrationDeadline),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: tickets.id });
      if (questions?.length) {
        await tx
          .insert(registrationQuestions)
          .values(questions.map((q) => ({ ...q, eventId, eventTicketId: t.id, createdAt: now })));
      }
    }
    if (input.twibbon) await tx.insert(eventTwibbons).values({ ...input.twibbon, eventId });
    return eventId;
  });
}

/** The admin's decision on a published event (`POST /v1/admin/events/{id}/approval`). */
export async function setApproval(db: Db, eventId: string, approvedStatus: 'approved' | 'rejected', now = new Date()) {
  await db.update(events).set({ approvedStatus, updatedAt: now }).where(eq(events.id, eventId));
}
