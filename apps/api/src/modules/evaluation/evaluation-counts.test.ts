import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluationAnswers, evaluationCounts, registrants } from '../../db/schema/index.js';
import { rowsOf } from '../../db/pg-results.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createTeamApp } from '../../../test/fixtures.js';
import { validEventPayload } from '../../../test/event-payload.js';

/**
 * The summary's counts (evaluation_counts) are what a count of the answers themselves gives,
 * after answers sent one by one and many in one statement, and after answers removed with
 * their registration.
 */
let t: TestApp;
let org1: string;
beforeAll(async () => {
  ({ t, org1 } = await createTeamApp());
});
afterAll(() => t.close());

/** The counts as the answers' JSON gives them, in the table's shape (text values not counted). */
async function countedByHand(eventId: string) {
  return rowsOf<{ questionId: string; value: string; n: number }>(await t.database.db.execute(sql`
    select q as "questionId", v as value, count(*)::int as n from (
      select elem->>'questionId' as q, '' as v from evaluation_answers a cross join jsonb_array_elements(a.answers) elem where a.event_id = ${eventId}
      union all
      select elem->>'questionId', x.v from evaluation_answers a cross join jsonb_array_elements(a.answers) elem
        join evaluation_questions eq on eq.id::text = elem->>'questionId' and eq.type <> 'text'
        cross join lateral (select jsonb_array_elements_text(elem->'value') as v where jsonb_typeof(elem->'value') = 'array'
                            union all select elem->'value' #>> '{}' where jsonb_typeof(elem->'value') not in ('array', 'null')) x
        where a.event_id = ${eventId}
    ) k group by 1, 2 order by 1, 2`));
}
const kept = (eventId: string) => t.database.db.select({ questionId: evaluationCounts.questionId, value: evaluationCounts.value, n: evaluationCounts.n })
  .from(evaluationCounts).where(sql`${evaluationCounts.eventId} = ${eventId} and ${evaluationCounts.n} > 0`)
  .orderBy(evaluationCounts.questionId, evaluationCounts.value);

describe('the evaluation counts', () => {
  it('match the answers after single and bulk answers and after registrations removed', async () => {
    const created = await call(t.app, { method: 'POST', url: '/v1/events/create', token: org1, payload: validEventPayload() });
    const eventId = created.body.data.result.id as string;
    const saved = await call(t.app, {
      method: 'PUT', url: `/v1/events/${eventId}/evaluation`, token: org1, payload: {
        questions: [
          { type: 'rating', label: 'Puas?', isRequired: true },
          { type: 'checkbox', label: 'Perbaiki', isRequired: false, options: ['Waktu', 'Materi', 'Tempat'] },
          { type: 'text', label: 'Saran', isRequired: false },
        ],
      },
    });
    const [rating, checkbox, text] = saved.body.data.result.questions.map((q: { id: string }) => q.id) as [string, string, string];
    const db = t.database.db;
    const ticket = await db.query.tickets.findFirst({ where: (tk, { eq: is }) => is(tk.eventId, eventId) });
    const people = await db.insert(registrants).values(Array.from({ length: 8 }, (_, i) => ({
      eventId, ticketId: ticket!.id, name: `Peserta ${i}`, email: `hitung${i}@contoh.id`, quantity: 1, ticketCode: `hitung-${eventId}-${i}`, status: 'confirmed' as const,
    }))).returning({ id: registrants.id });
    const answersOf = (i: number) => [
      { questionId: rating, value: String((i % 5) + 1) },
      ...(i % 2 ? [{ questionId: checkbox, value: ['Waktu', ...(i % 3 ? ['Materi'] : [])] }] : []),
      ...(i % 4 ? [{ questionId: text, value: `Saran ${i}` }] : []),
    ];
    // Two answered one by one, six in one statement.
    for (const i of [0, 1]) await db.insert(evaluationAnswers).values({ registrantId: people[i]!.id, eventId, answers: answersOf(i) });
    await db.insert(evaluationAnswers).values(people.slice(2).map((p, k) => ({ registrantId: p.id, eventId, answers: answersOf(k + 2) })));
    const byHand = await countedByHand(eventId);
    expect(byHand.find((r) => r.questionId === rating && r.value === '')?.n).toBe(8);
    expect(byHand.some((r) => r.questionId === text && r.value !== '')).toBe(false);
    expect(await kept(eventId)).toEqual(byHand);

    // An answer sent again changes nothing; registrations removed take their answers' counts along.
    await db.insert(evaluationAnswers).values({ registrantId: people[0]!.id, eventId, answers: answersOf(3) }).onConflictDoNothing();
    expect(await kept(eventId)).toEqual(byHand);
    for (const i of [1, 5]) await db.delete(registrants).where(eq(registrants.id, people[i]!.id));
    const after = await countedByHand(eventId);
    expect(after.find((r) => r.questionId === rating && r.value === '')?.n).toBe(6);
    expect(await kept(eventId)).toEqual(after);
  });
});
