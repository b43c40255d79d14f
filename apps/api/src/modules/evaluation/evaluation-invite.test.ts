import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVALUATION_MAIL_TEXT, fill } from '@eo/contract';
import { evaluationAnswers, evaluationInvites, registrants } from '../../db/schema/index.js';
import { call, createTestApp, settleJobs, tokenFor, type TestApp } from '../../../test/harness.js';
import { createEvent, createUsers, simpleEvent } from '../../../test/fixtures.js';
import { readReceived, startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver.js';
import { evaluationInviteMail } from './evaluation-invite-mail.js';
import { queueEvaluationInvites } from './evaluation-invite.job.js';

/**
 * The invitation mailed once an event's evaluation opens, through a real SMTP server, with two
 * workers taking the jobs (and sweeping on their own schedule beside the test's sweeps).
 */
let smtp: SmtpReceiver;
let t: TestApp;
let token: string;
let eventId: string;
const HOUR = 3_600_000;
const people: Record<'came' | 'answered' | 'absent' | 'cancelled' | 'late', { id: string; code: string; email: string }> = {} as never;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ SMTP_URL: smtp.url, JOB_WORKERS: '2' });
  const users = await createUsers(t.database.db);
  token = (await tokenFor(t.app, 'organizer@demo.id')).token;
  eventId = await createEvent(t.database.db, users.org1, simpleEvent('Seminar www.contoh-jahat.com', { days: 10, quota: 10 }));
  const ticket = await t.database.db.query.tickets.findFirst({ where: (x, { eq }) => eq(x.eventId, eventId) });
  for (const [key, status, checkedIn] of [
    ['came', 'confirmed', true], ['answered', 'confirmed', false], ['absent', 'confirmed', false], ['cancelled', 'cancelled', true], ['late', 'confirmed', false],
  ] as const) {
    const email = `${key}@contoh.id`;
    const [r] = await t.database.db.insert(registrants).values({
      eventId, ticketId: ticket!.id, name: `Peserta ${key}`, email, quantity: 1, status, checkedInAt: checkedIn ? new Date() : null,
    }).returning({ id: registrants.id, code: registrants.ticketCode });
    people[key] = { id: r!.id, code: r!.code, email };
  }
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let questionId: string | undefined;
/** Saves the form's window (and its one question, kept by id). */
const save = async (opensAt: number, closesAt: number, label = 'Seberapa puas kamu?') => {
  const res = await call(t.app, {
    method: 'PUT', url: `/v1/events/${eventId}/evaluation`, token,
    payload: { questions: [{ id: questionId, type: 'rating', label, isRequired: true }], opensAt: new Date(opensAt).toISOString(), closesAt: new Date(closesAt).toISOString() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  questionId = res.body.data.result.questions[0].id;
};
/** Three sweeps at once, as several workers' would be; then every queued mail sent. */
const sweep = async () => {
  const queued = (await Promise.all([1, 2, 3].map(() => queueEvaluationInvites(t.database.db)))).reduce((a, b) => a + b, 0);
  await settleJobs(t.database.db);
  return queued;
};
const recipients = () => smtp.mails.flatMap((m) => m.to);

describe('the evaluation\'s invitation mail', () => {
  it('goes to nobody before the window opens', async () => {
    await save(Date.now() + HOUR, Date.now() + 2 * HOUR);
    expect(await sweep()).toBe(0);
    expect(smtp.count()).toBe(0);
  });

  it('once it opens: once to each attendee who has not answered, linking the e-ticket page\'s evaluation, until when it is open', async () => {
    const closes = Date.now() + 2 * HOUR;
    await save(Date.now() - 60_000, closes);
    expect(await sweep()).toBe(1);
    expect(recipients()).toEqual([people.came.email]);
    const [mail] = await readReceived(smtp.mails);
    expect(mail!.subject).toBe(fill(EVALUATION_MAIL_TEXT.subject, { event: 'Seminar www[.]contoh-jahat[.]com' }));
    expect(mail!.text).toContain(`${t.config.publicUrl}/e/${eventId}/ticket/${people.came.code}#evaluasi`);
    expect(mail!.text).toContain('Halo Peserta came,');
    expect(mail!.text).not.toContain('www.contoh-jahat.com');
    expect(mail!.text).toMatch(/Evaluasi dibuka sampai \d+ \w+ \d{4}, \d\d[.:]\d\d WIB\./);
    const [invite] = await t.database.db.select().from(evaluationInvites).where(eq(evaluationInvites.registrantId, people.came.id));
    expect(invite!.mailedAt).toBeInstanceOf(Date);
  });

  it('not again when the form is closed, reopened and edited', async () => {
    await save(Date.now() - 2 * HOUR, Date.now() - HOUR);
    expect(await sweep()).toBe(0);
    await save(Date.now() - 60_000, Date.now() + HOUR, 'Seberapa puas kamu dengan acaranya?');
    expect(await sweep()).toBe(0);
    expect(recipients()).toEqual([people.came.email]);
  });

  it('to an attendee checked in while it is open, once; not to one who answered already', async () => {
    await t.database.db.insert(evaluationAnswers).values({ registrantId: people.answered.id, eventId, answers: [] });
    await t.database.db.update(registrants).set({ checkedInAt: new Date() }).where(inArray(registrants.id, [people.late.id, people.answered.id]));
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    expect(recipients()).toEqual([people.came.email, people.late.email]);
  });
});

describe('evaluationInviteMail', () => {
  it('defangs and escapes what was typed', () => {
    const mail = evaluationInviteMail({
      to: 'a@contoh.id', name: '<b>Budi</b> budi@contoh.id', eventId: 'e1', eventName: 'Kelas "A" & <i>B</i>', ticketCode: 'KODE', publicUrl: 'https://eo.contoh.id',
      closesAt: new Date('2026-12-08T04:00:00Z'),
    });
    expect(mail.html).toContain('Halo &#60;b&#62;Budi&#60;/b&#62; budi[at]contoh[.]id,');
    expect(mail.html).toContain('Kelas &#34;A&#34; &#38; &#60;i&#62;B&#60;/i&#62;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('https://eo.contoh.id/e/e1/ticket/KODE#evaluasi');
    expect(mail.text).toMatch(/8 Desember 2026, 11[.:]00 WIB/);
    expect(mail.idempotencyKey).toBe('evaluation-invite-KODE');
  });
});
