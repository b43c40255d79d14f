import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { EvaluationBody } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { evaluationAnswers, evaluationForms, evaluationQuestions, events, eventSessions, registrants } from '../../db/schema/index.js';

export async function findForm(db: DbOrTx, eventId: string) {
  const [form] = await db.select().from(evaluationForms).where(eq(evaluationForms.eventId, eventId));
  if (!form) return undefined;
  const questions = await db.select({
    id: evaluationQuestions.id, type: evaluationQuestions.type, label: evaluationQuestions.label,
    isRequired: evaluationQuestions.isRequired, options: evaluationQuestions.options,
  }).from(evaluationQuestions).where(eq(evaluationQuestions.eventId, eventId)).orderBy(asc(evaluationQuestions.position));
  return { ...form, questions };
}

export async function answerCount(db: DbOrTx, eventId: string) {
  const [row] = await db.select({ n: count() }).from(evaluationAnswers).where(eq(evaluationAnswers.eventId, eventId));
  return row?.n ?? 0;
}

/** When the event's last session starts; undefined without sessions. */
export async function lastSessionStart(db: DbOrTx, eventId: string): Promise<Date | undefined> {
  const [row] = await db.select({ at: eventSessions.startsAt }).from(eventSessions).where(eq(eventSessions.eventId, eventId))
    .orderBy(asc(eventSessions.startsAt)).then((rows) => rows.slice(-1));
  return row?.at;
}

/** Locks the event's form row (made if missing), so two saves of one form run one after the other. */
export async function lockForm(db: DbOrTx, eventId: string, now: Date) {
  await db.insert(evaluationForms).values({ eventId, updatedAt: now }).onConflictDoNothing();
  await db.select({ id: evaluationForms.eventId }).from(evaluationForms).where(eq(evaluationForms.eventId, eventId)).for('update');
}

export async function saveWindow(db: DbOrTx, eventId: string, body: EvaluationBody, now: Date) {
  await db.update(evaluationForms).set({
    opensAt: body.opensAt ? new Date(body.opensAt) : null, closesAt: body.closesAt ? new Date(body.closesAt) : null, updatedAt: now,
  }).where(eq(evaluationForms.eventId, eventId));
}

/** The questions as sent: one with the id of this form's question is updated, any other is new, the rest removed. */
export async function syncQuestions(db: DbOrTx, eventId: string, questions: EvaluationBody['questions']) {
  const existing = await db.select({ id: evaluationQuestions.id }).from(evaluationQuestions).where(eq(evaluationQuestions.eventId, eventId));
  const known = new Set(existing.map((q) => q.id));
  const keep = new Set<string>();
  for (const [position, q] of questions.entries()) {
    const values = { type: q.type, label: q.label, isRequired: q.isRequired, options: q.type === 'radio' || q.type === 'checkbox' ? q.options : [], position };
    if (q.id && known.has(q.id)) {
      keep.add(q.id);
      await db.update(evaluationQuestions).set(values).where(eq(evaluationQuestions.id, q.id));
    } else {
      await db.insert(evaluationQuestions).values({ ...values, eventId });
    }
  }
  const dropped = [...known].filter((id) => !keep.has(id));
  if (dropped.length) await db.delete(evaluationQuestions).where(inArray(evaluationQuestions.id, dropped));
}

/** The registration an e-ticket code names, with its event (not deleted) and whether it has answered; undefined when unknown. */
export async function registrationByCode(db: DbOrTx, ticketCode: string) {
  const [row] = await db.select({
    registrantId: registrants.id, status: registrants.status,
    event: { id: events.id, name: events.name, firstEventAt: events.firstEventAt, lastEventAt: events.lastEventAt },
    answeredAt: evaluationAnswers.answeredAt,
  }).from(registrants)
    .innerJoin(events, and(eq(events.id, registrants.eventId), isNull(events.deletedAt)))
    .leftJoin(evaluationAnswers, eq(evaluationAnswers.registrantId, registrants.id))
    .where(eq(registrants.ticketCode, ticketCode));
  return row;
}

/** Records the answers once: false when the registration had answered already (a concurrent send included). */
export async function insertAnswers(db: DbOrTx, r: { registrantId: string; eventId: string; answers: { questionId: string; value: unknown }[]; at: Date }) {
  const rows = await db.insert(evaluationAnswers).values({ registrantId: r.registrantId, eventId: r.eventId, answers: r.answers, answeredAt: r.at })
    .onConflictDoNothing().returning({ at: evaluationAnswers.answeredAt });
  return rows.length > 0;
}
