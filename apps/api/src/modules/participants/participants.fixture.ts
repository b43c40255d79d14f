import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { createEvent, simpleEvent } from '../../../test/fixtures.js';

/**
 * Test data of the participant tests: a paid event with two tickets, two general questions
 * (paragraph, checkbox) and one question per ticket (file on Reguler, radio on VIP).
 */
export async function questionEvent(db: Db, creatorId: string, name = 'Lomba Debat Nasional') {
  const base = simpleEvent(name, { days: 10, price: 50000 });
  const ticket = { ...base.payload.tickets![0], maxTicketPerUser: -1 };
  base.payload.registrationSteps = [
    { name: 'Motivasi', type: 'paragraph', isRequired: false, options: [] },
    { name: 'Minat', type: 'checkbox', isRequired: false, options: [{ name: 'Debat', optionOrderNumber: 1 }, { name: 'Esai', optionOrderNumber: 2 }] },
  ];
  base.payload.tickets = [
    { ...ticket, name: 'Reguler', registrationSteps: [{ name: 'CV', type: 'file', isRequired: false, maxFiles: 1, accept: ['pdf'], options: [] }] },
    {
      ...ticket, name: 'VIP', price: 100000, registrationSteps: [{
        name: 'Ukuran Kaos', type: 'radio', isRequired: false, options: [{ name: 'M', optionOrderNumber: 1 }, { name: 'L', optionOrderNumber: 2 }],
      }],
    },
  ];
  const eventId = await createEvent(db, creatorId, base);
  const tickets = await db.query.tickets.findMany({ where: (t, { eq }) => eq(t.eventId, eventId), orderBy: (t, { asc }) => asc(t.position) });
  const questions = await db.query.registrationQuestions.findMany({ where: (q, { eq }) => eq(q.eventId, eventId) });
  const q = (n: string) => questions.find((x) => x.name === n)!.id;
  return {
    eventId,
    reguler: tickets[0].id,
    vip: tickets[1].id,
    questions: { motivasi: q('Motivasi'), minat: q('Minat'), cv: q('CV'), kaos: q('Ukuran Kaos') },
  };
}

/**
 * `n` registrants of one ticket in bulk SQL (the service would take minutes for thousands),
 * one second apart from `start`, each with a paragraph answer. A thousand rows a statement: the
 * counters' statement trigger grows faster than its statement's rows (20,000 rows in one
 * statement took 52 s, in statements of a thousand a few seconds).
 */
export async function bulkRegistrants(db: Db, e: { eventId: string; reguler: string; questions: { motivasi: string } }, n: number, start: Date) {
  for (let from = 1; from <= n; from += 1000) {
    await db.execute(sql`
      insert into registrants (event_id, ticket_id, name, email, phone_number, created_at)
      select ${e.eventId}::uuid, ${e.reguler}::uuid, 'Bulk ' || g, 'bulk' || g || '@contoh.id', '0812' || lpad(g::text, 8, '0'),
             ${start.toISOString()}::timestamptz + g * interval '1 second'
      from generate_series(${from}::int, ${Math.min(n, from + 999)}::int) g`);
  }
  await db.execute(sql`
    insert into registrant_answers (registrant_id, question_id, value)
    select r.id, ${e.questions.motivasi}::uuid, to_jsonb('Alasan ' || r.name)
    from registrants r where r.event_id = ${e.eventId}::uuid and r.name like 'Bulk %'`);
}
