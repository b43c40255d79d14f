import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { isChoice, type EvaluationBody } from '@eo/contract';
import type { DbOrTx } from '../../db/client.js';
import { checkinCounters, evaluationAnswers, evaluationCounts, evaluationForms, evaluationQuestions, events, eventSessions, registrants } from '../../db/schema/index.js';
import { p, preparedQuery } from '../../db/prepared-sql.js';
import { rowsOf } from '../../db/pg-results.js';
import { syncById } from '../../db/sync-by-id.js';
import { emitWebhook } from '../../lib/webhook-outbox.repository.js';

export async function findForm(db: DbOrTx, eventId: string) {
  const [form] = await db.select().from(evaluationForms).where(eq(evaluationForms.eventId, eventId));
  if (!form) return undefined;
  return { ...form, questions: await formQuestions(db, eventId) };
}

/** The form's questions in their order. */
function formQuestions(db: DbOrTx, eventId: string) {
  return db.select({
    id: evaluationQuestions.id, type: evaluationQuestions.type, label: evaluationQuestions.label,
    isRequired: evaluationQuestions.isRequired, options: evaluationQuestions.options,
  }).from(evaluationQuestions).where(eq(evaluationQuestions.eventId, eventId)).orderBy(asc(evaluationQuestions.position));
}

export async function answerCount(db: DbOrTx, eventId: string) {
  const [row] = await db.select({ n: count() }).from(evaluationAnswers).where(eq(evaluationAnswers.eventId, eventId));
  return row?.n ?? 0;
}

/** When the event's last session starts; undefined without sessions. */
export async function lastSessionStart(db: DbOrTx, eventId: string): Promise<Date | undefined> {
  const [row] = await db.select({ at: eventSessions.startsAt }).from(eventSessions).where(eq(eventSessions.eventId, eventId))
    .orderBy(desc(eventSessions.startsAt)).limit(1);
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
  const stored = await db.select({ id: evaluationQuestions.id }).from(evaluationQuestions).where(eq(evaluationQuestions.eventId, eventId));
  type Question = EvaluationBody['questions'][number];
  const values = (q: Question, position: number) => ({
    type: q.type, label: q.label, isRequired: q.isRequired, options: isChoice(q.type) ? q.options : [], position,
  });
  await syncById(stored.map((q) => q.id), questions, {
    update: (id, q, position) => db.update(evaluationQuestions).set(values(q, position)).where(eq(evaluationQuestions.id, id)),
    insert: (q, position) => db.insert(evaluationQuestions).values({ ...values(q, position), eventId }),
    remove: (ids) => db.delete(evaluationQuestions).where(inArray(evaluationQuestions.id, ids)),
  });
}

type Question = Awaited<ReturnType<typeof formQuestions>>[number];

// Read by every e-ticket page of an event with a form and by every answer sent: one named
// statement, planned once (the code's unique index), with all the participant's form needs: the
// event's form row (`form` null without), its questions in their order (formQuestions' fields)
// and the last session's start (the window's default opening).
const registrationOfCode = preparedQuery('evaluation_registration_by_code', (db) => db.select({
  registrantId: registrants.id, status: registrants.status,
  event: { id: events.id, name: events.name, firstEventAt: events.firstEventAt, lastEventAt: events.lastEventAt },
  answeredAt: evaluationAnswers.answeredAt,
  form: { eventId: evaluationForms.eventId, opensAt: evaluationForms.opensAt, closesAt: evaluationForms.closesAt },
  questions: sql<Question[]>`(select coalesce(json_agg(json_build_object('id', q.id, 'type', q.type, 'label', q.label, 'isRequired', q.is_required,
      'options', q.options) order by q.position), '[]'::json) from ${evaluationQuestions} q where q.event_id = ${registrants}.event_id)`,
  lastSessionStart: sql<Date | null>`(select max(s.starts_at) from ${eventSessions} s where s.event_id = ${registrants}.event_id)`.mapWith(eventSessions.startsAt),
}).from(registrants)
  .innerJoin(events, and(eq(events.id, registrants.eventId), isNull(events.deletedAt)))
  .leftJoin(evaluationAnswers, eq(evaluationAnswers.registrantId, registrants.id))
  .leftJoin(evaluationForms, eq(evaluationForms.eventId, registrants.eventId))
  .where(eq(registrants.ticketCode, p('ticketCode'))), 'generic');

/**
 * The registration an e-ticket code names, with its event (not deleted), when it answered, the
 * event's form row (null without one), its questions and the last session's start; undefined when
 * unknown.
 */
export async function registrationByCode(db: DbOrTx, ticketCode: string) {
  const [row] = await registrationOfCode(db, { ticketCode });
  return row;
}

/** Records the answers once: false when the registration had answered already (a concurrent send included). */
export async function insertAnswers(db: DbOrTx, r: { registrantId: string; eventId: string; answers: { questionId: string; value: unknown }[]; at: Date }) {
  const rows = await db.insert(evaluationAnswers).values({ registrantId: r.registrantId, eventId: r.eventId, answers: r.answers, answeredAt: r.at })
    .onConflictDoNothing().returning({ at: evaluationAnswers.answeredAt });
  if (rows.length === 0) return false;
  await emitWebhook(db, 'evaluation.submitted', r.eventId, { registrationId: r.registrantId, eventId: r.eventId, answeredAt: r.at.toISOString(), answers: r.answers });
  return true;
}

/** Ids as one text[] parameter (drizzle spreads a JS array into a list); uuids hold no comma. */
const idList = (ids: string[]) => sql`string_to_array(${ids.join(',')}::text, ',')`;

/** The event's confirmed registrations (the counters' slots). */
export async function participantCount(db: DbOrTx, eventId: string) {
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${checkinCounters.registered}), 0)::int` }).from(checkinCounters).where(eq(checkinCounters.eventId, eventId));
  return row?.n ?? 0;
}

/**
 * Per question and value, how many answered it with that value: a scalar as its text, each
 * option of a checkbox answer on its own; `value` null counts the answers to the question
 * (a checkbox answer once). Text questions' values are not counted: `latestTexts` reads them.
 * Read from the counts the answers' own statements keep (evaluation_counts, its key).
 */
export async function answerCounts(db: DbOrTx, eventId: string) {
  return rowsOf<{ questionId: string; value: string | null; n: number }>(await db.execute(sql`
    select question_id as "questionId", nullif(value, '') as value, n from ${evaluationCounts}
    where event_id = ${eventId} and n > 0`));
}

/**
 * The latest `limit` answers of each text question, newest first: per question, the event's
 * answers read newest first on (event_id, answered_at) until `limit` of them answered it.
 */
export async function latestTexts(db: DbOrTx, eventId: string, textIds: string[], limit: number) {
  if (!textIds.length) return [];
  return rowsOf<{ questionId: string; text: string; answeredAt: Date | string }>(await db.execute(sql`
    select q.id as "questionId", t.text, t."answeredAt"
    from unnest(${idList(textIds)}) as q(id)
    cross join lateral (
      select elem->'value' #>> '{}' as text, e.answered_at as "answeredAt"
      from ${evaluationAnswers} e cross join jsonb_array_elements(e.answers) elem
      where e.event_id = ${eventId} and elem->>'questionId' = q.id
      order by e.answered_at desc, e.registrant_id
      limit ${limit}
    ) t
    order by q.id, t."answeredAt" desc`));
}

/**
 * One text question's answers, newest first, a page of them (`offset`, `limit`), and how many
 * there are: the question's total kept in evaluation_counts (value ''), one row by its key,
 * instead of expanding every answer of the event a second time. Only answers given: a skipped
 * optional question has no element.
 */
export async function textAnswersPage(db: DbOrTx, eventId: string, questionId: string, r: { offset: number; limit: number }) {
  const [count] = await db.select({ n: evaluationCounts.n }).from(evaluationCounts)
    .where(and(eq(evaluationCounts.eventId, eventId), eq(evaluationCounts.questionId, questionId), eq(evaluationCounts.value, '')));
  const rows = rowsOf<{ text: string; answeredAt: Date | string }>(await db.execute(sql`
    select elem->'value' #>> '{}' as text, e.answered_at as "answeredAt"
    from ${evaluationAnswers} e cross join jsonb_array_elements(e.answers) elem
    where e.event_id = ${eventId} and elem->>'questionId' = ${questionId}
    order by e.answered_at desc, e.registrant_id
    limit ${r.limit} offset ${r.offset}`));
  return { rows: rows.map((x) => ({ text: x.text, answeredAt: new Date(x.answeredAt).toISOString() })), total: count?.n ?? 0 };
}

export interface AnswerRow { registrantId: string; name: string; email: string; answeredAt: Date; answers: { questionId: string; value: unknown }[] }

/** A batch of the event's answers with who gave them, in the order they came, after `last`. */
export function answerBatch(db: DbOrTx, eventId: string, last: AnswerRow | undefined, size: number) {
  const after = last
    ? or(gt(evaluationAnswers.answeredAt, last.answeredAt), and(eq(evaluationAnswers.answeredAt, last.answeredAt), gt(evaluationAnswers.registrantId, last.registrantId)))
    : undefined;
  return db.select({
    registrantId: evaluationAnswers.registrantId, name: registrants.name, email: registrants.email,
    answeredAt: evaluationAnswers.answeredAt, answers: evaluationAnswers.answers,
  }).from(evaluationAnswers).innerJoin(registrants, eq(registrants.id, evaluationAnswers.registrantId))
    .where(and(eq(evaluationAnswers.eventId, eventId), after))
    .orderBy(asc(evaluationAnswers.answeredAt), asc(evaluationAnswers.registrantId))
    .limit(size);
}
