import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { fill, MESSAGE_ID, PLATFORM_MSG, PROOF_OF_WORK, PUBLIC_FORM_TEXT, PUBLIC_REG_MSG as M, UPLOAD_MSG } from '@eo/contract';
import { events, registrantAnswers, registrants, tickets, uploads } from '../../db/schema/index.js';
import { readOutbox } from '../../lib/mailer.js';
import { call, settleJobs, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent, type FixtureEvent, seatsLeftOf } from '../../../test/fixtures.js';
import { file, image, multipartBody, PDF, publicUpload } from '../../../test/multipart.js';
import { solvedAltcha, withAltcha } from '../../../test/proof-of-work.js';
import { ticketPageUrl } from '../platform/ticket-mail.js';

let t: TestApp;
let tokens: { org1: string; org2: string };
let creatorId: string;
/** The event with a question of each of the six kinds, on a free 20-seat ticket. */
let ev: { id: string; ticketId: string; q: Record<'text' | 'paragraph' | 'radio' | 'checkbox' | 'image' | 'file', string> };

const person = (email: string) => ({ name: 'Sari Dewi', email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' });
/** A registration as the page sends it: with a freshly solved challenge, unless the body brings its own `altcha`. */
const register = async (eventId: string, body: object, remoteAddress = '198.51.100.1') =>
  call(t.app, { method: 'POST', url: `/v1/public/events/${eventId}/registrations`, payload: await withAltcha(t.app, body), remoteAddress });
const upload = (eventId: string, questionId: string, part: ReturnType<typeof file>) => publicUpload(t.app, eventId, questionId, part);
const ticketOf = async (eventId: string) => {
  const row = (await t.database.db.query.tickets.findFirst({ where: eq(tickets.eventId, eventId) }))!;
  return { ...row, quota: await seatsLeftOf(t.database.db, row.id) };
};

function sixKinds(name: string): FixtureEvent {
  const e = simpleEvent(name, { days: 10, quota: 20 });
  e.payload.tickets![0]!.registrationSteps = [
    { name: 'Nama panggilan', type: 'text', isRequired: true },
    { name: 'Motivasi', type: 'paragraph', isRequired: false },
    { name: 'Asal sekolah?', type: 'radio', isRequired: true, options: [{ name: 'SMA', optionOrderNumber: 1 }, { name: 'Universitas', optionOrderNumber: 2 }] },
    { name: 'Minat', type: 'checkbox', isRequired: false, options: [{ name: 'Desain', optionOrderNumber: 1 }, { name: 'Kode', optionOrderNumber: 2 }] },
    { name: 'Foto', type: 'image', isRequired: false },
    { name: 'CV', type: 'file', isRequired: false, maxFiles: 2, accept: ['pdf'] },
  ] as any;
  return e;
}

beforeAll(async () => {
  // A worker mails the e-ticket (the `ticket.mail` job), as in the server.
  const team = await createTeamApp({ JOB_WORKERS: '1' });
  t = team.t;
  tokens = { org1: team.org1, org2: team.org2 };
  creatorId = team.ids.org1;
  const id = await createEvent(t.database.db, creatorId, sixKinds('Kelas Desain Gratis'));
  const questions = await t.database.db.query.registrationQuestions.findMany({ where: (q, { eq: is }) => is(q.eventId, id) });
  const q = Object.fromEntries(questions.map((x) => [x.type, x.id])) as typeof ev.q;
  ev = { id, ticketId: (await ticketOf(id)).id, q };
});
afterAll(() => t.close());

const minimal = (email: string, extra: object = {}) => ({
  ticketId: ev.ticketId, participant: person(email),
  answers: [{ questionId: ev.q.text, value: 'Sari' }, { questionId: ev.q.radio, value: 'SMA' }], ...extra,
});

describe('POST /v1/public/events/{eventId}/registrations', () => {
  it('registers a free seat with answers of all six kinds; 201 with registrantId and a ticket code', async () => {
    const photo = await upload(ev.id, ev.q.image, file(await image(40, 40), 'foto.png', 'image/png'));
    expect(photo.status).toBe(201);
    const cv = await upload(ev.id, ev.q.file, file(PDF, 'cv.pdf', 'application/pdf'));
    expect(cv.status).toBe(201);
    const res = await register(ev.id, {
      ticketId: ev.ticketId, participant: person('sari@contoh.id'), website: '',
      answers: [
        { questionId: ev.q.text, value: ' Sari ' }, { questionId: ev.q.paragraph, value: 'Ingin belajar.\nDan berkarya.' },
        { questionId: ev.q.radio, value: 'SMA' }, { questionId: ev.q.checkbox, value: ['Desain', 'Kode'] },
        { questionId: ev.q.image, value: photo.body.data.fileId }, { questionId: ev.q.file, value: [cv.body.data.fileId] },
      ],
    });
    expect(res.status).toBe(201);
    const { registrantId, ticketCode } = res.body.data.result;
    expect(ticketCode).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(res.body.message).toBe(fill(M.registered, { email: 'sari@contoh.id' }));
    const db = t.database.db;
    const stored = await db.query.registrants.findFirst({ where: eq(registrants.id, registrantId) });
    expect(stored).toMatchObject({ name: 'Sari Dewi', email: 'sari@contoh.id', phoneNumber: '+6281234567890', ticketCode, transactionId: null });
    const answers = Object.fromEntries((await db.select().from(registrantAnswers).where(eq(registrantAnswers.registrantId, registrantId))).map((a) => [a.questionId, a.value]));
    expect(answers).toEqual({
      [ev.q.text]: 'Sari', [ev.q.paragraph]: 'Ingin belajar.\nDan berkarya.', [ev.q.radio]: 'SMA', [ev.q.checkbox]: ['Desain', 'Kode'],
      [ev.q.image]: { fileId: photo.body.data.fileId, url: `/v1/files/${photo.body.data.fileId}`, name: 'foto.png' },
      [ev.q.file]: [{ fileId: cv.body.data.fileId, url: `/v1/files/${cv.body.data.fileId}`, name: 'cv.pdf' }],
    });
    expect((await ticketOf(ev.id)).quota).toBe(19);
    // The organizer's Participant tab shows the answers, files by name (opened by fileId under the event).
    const list = await call(t.app, { method: 'GET', url: `/v1/event-regist/lists?eventId=${ev.id}&filters=${encodeURIComponent(JSON.stringify({ email: 'sari@contoh.id' }))}`, token: tokens.org1 });
    expect(list.status).toBe(200);
    const steps = Object.fromEntries(list.body.data.docs[0].userRegisteredStep.map((x: any) => [x.questionId, x.result]));
    expect(steps).toMatchObject({ [ev.q.checkbox]: 'Desain, Kode', [ev.q.image]: 'foto.png', [ev.q.file]: 'cv.pdf' });
  });

  it('MAX_TICKET_PER_USER: the same email twice (any letter case) is told it is already registered', async () => {
    expect((await register(ev.id, minimal('dua@contoh.id'))).status).toBe(201);
    const again = await register(ev.id, minimal('DUA@Contoh.id'));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ messageId: MESSAGE_ID.maxTicketPerUser, message: M.alreadyRegistered });
  });

  it('MAX_TICKET_PER_USER counts name+tag@domain as name@domain; the address is stored as typed', async () => {
    const first = await register(ev.id, minimal('Tiga+Lomba@Contoh.id'));
    expect(first.status).toBe(201);
    const stored = await t.database.db.query.registrants.findFirst({ where: eq(registrants.id, first.body.data.result.registrantId) });
    expect(stored!.email).toBe('Tiga+Lomba@Contoh.id');
    for (const email of ['tiga@contoh.id', 'tiga+lagi@contoh.id']) {
      const again = await register(ev.id, minimal(email));
      expect(again.status, email).toBe(409);
      expect(again.body).toMatchObject({ messageId: MESSAGE_ID.maxTicketPerUser, message: M.alreadyRegistered });
    }
    // Only the tag is dropped: another local part is another person.
    expect((await register(ev.id, minimal('tigabelas@contoh.id'))).status).toBe(201);
  });

  it('400 for missing required answers, one error per question; invisible characters are no answer', async () => {
    const invisible = ' \u200B\u200D\u00A0\u2060\uFEFF\u00AD ';
    const res = await register(ev.id, { ticketId: ev.ticketId, participant: person('kosong@contoh.id'), answers: [{ questionId: ev.q.text, value: invisible }, { questionId: ev.q.radio, value: '\u200B' }] });
    expect(res.status).toBe(400);
    expect(res.body.messageId).toBe(MESSAGE_ID.validation);
    expect(res.body.errors).toEqual([
      { message: fill(M.missingAnswer, { name: 'Nama panggilan' }), path: `answers.${ev.q.text}` },
      { message: fill(M.missingAnswer, { name: 'Asal sekolah?' }), path: `answers.${ev.q.radio}` },
    ]);
    const nameless = await register(ev.id, { ticketId: ev.ticketId, participant: { ...person('kosong@contoh.id'), name: invisible }, answers: [{ questionId: ev.q.text, value: 'Sari' }, { questionId: ev.q.radio, value: 'SMA' }] });
    expect(nameless.status).toBe(400);
    expect(nameless.body.errors).toEqual([{ message: fill(PUBLIC_FORM_TEXT.required, { name: PUBLIC_FORM_TEXT.name }), path: 'participant.name' }]);
  });

  it('400 for answers that do not fit their kind', async () => {
    const otherOrgEvent = await createEvent(t.database.db, (await t.database.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.email, 'organizer2@demo.id') }))!.id, sixKinds('Lain'));
    const q2 = await t.database.db.query.registrationQuestions.findFirst({ where: (q, { and: all, eq: is }) => all(is(q.eventId, otherOrgEvent), is(q.type, 'image')) });
    const foreign = await upload(otherOrgEvent, q2!.id, file(await image(10, 10), 'x.png', 'image/png'));
    expect(foreign.status).toBe(201);
    const png = await upload(ev.id, ev.q.image, file(await image(10, 10), 'y.png', 'image/png'));
    const bad: [string, unknown, string][] = [
      [ev.q.text, 'dua\nbaris', fill(M.answerOneLine, { name: 'Nama panggilan' })],
      [ev.q.text, 'x'.repeat(501), fill(M.answerTooLong, { name: 'Nama panggilan', n: 500 })],
      [ev.q.radio, 'SMP', fill(M.answerOption, { name: 'Asal sekolah?' })],
      [ev.q.checkbox, ['Desain', 'Masak'], fill(M.answerOptions, { name: 'Minat' })],
      [ev.q.image, '00000000-0000-4000-8000-000000000000', fill(M.answerFile, { name: 'Foto' })],
      [ev.q.image, foreign.body.data.fileId, fill(M.answerFile, { name: 'Foto' })],
      [ev.q.file, [png.body.data.fileId], fill(M.answerFileType, { name: 'CV' })],
      [ev.q.file, ['a', 'b', 'c'], fill(M.answerFileCount, { name: 'CV', n: 2 })],
    ];
    for (const [questionId, value, message] of bad) {
      const answers = [{ questionId: ev.q.text, value: 'Sari' }, { questionId: ev.q.radio, value: 'SMA' }].filter((a) => a.questionId !== questionId);
      const res = await register(ev.id, { ticketId: ev.ticketId, participant: person('bentuk@contoh.id'), answers: [...answers, { questionId, value }] });
      expect(res.status, message).toBe(400);
      expect(res.body.errors).toEqual([{ message, path: `answers.${questionId}` }]);
    }
    expect(await t.database.db.select().from(registrants).where(eq(registrants.email, 'bentuk@contoh.id'))).toEqual([]);
  });

  it('honeypot filled: 400 and nothing stored', async () => {
    const before = (await ticketOf(ev.id)).quota;
    const res = await register(ev.id, minimal('bot@contoh.id', { website: 'http://spam.example' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ messageId: MESSAGE_ID.validation, message: M.honeypot, errors: [{ path: 'website' }] });
    expect(await t.database.db.select().from(registrants).where(eq(registrants.email, 'bot@contoh.id'))).toEqual([]);
    expect((await ticketOf(ev.id)).quota).toBe(before);
  });

  it('a paid ticket: 409 PAID_TICKET_IN_APP, no seat taken', async () => {
    const id = await createEvent(t.database.db, creatorId, simpleEvent('Konser Berbayar', { days: 10, price: 50000, quota: 5 }));
    const ticket = await ticketOf(id);
    const res = await register(id, { ticketId: ticket.id, participant: person('bayar@contoh.id') });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ messageId: MESSAGE_ID.paidTicketInApp, message: M.paidTicketInApp });
    expect((await ticketOf(id)).quota).toBe(5);
  });

  it('TICKET_SOLD_OUT once the quota is taken; REGISTRATION_CLOSED after the deadline', async () => {
    const id = await createEvent(t.database.db, creatorId, simpleEvent('Satu Kursi', { days: 10, quota: 1 }));
    const ticket = await ticketOf(id);
    expect((await register(id, { ticketId: ticket.id, participant: person('satu@contoh.id') })).status).toBe(201);
    const late = await register(id, { ticketId: ticket.id, participant: person('dua-kursi@contoh.id') });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ messageId: MESSAGE_ID.ticketSoldOut, message: M.soldOut });
    await t.database.db.update(tickets).set({ quota: 5, registrationDeadlineAt: new Date(Date.now() - 60_000) }).where(eq(tickets.id, ticket.id));
    const closed = await register(id, { ticketId: ticket.id, participant: person('telat@contoh.id') });
    expect(closed.status).toBe(409);
    expect(closed.body).toMatchObject({ messageId: MESSAGE_ID.registrationClosed, message: M.registrationClosed });
  });

  it('a draft, pending, rejected or deleted event is not reachable: 404 for registrations and uploads', async () => {
    const db = t.database.db;
    const draft = await createEvent(db, creatorId, { ...sixKinds('Draf'), draft: true });
    const pending = await createEvent(db, creatorId, { ...sixKinds('Menunggu'), approved: false });
    const rejected = await createEvent(db, creatorId, sixKinds('Ditolak'));
    await db.update(events).set({ approvedStatus: 'rejected' }).where(eq(events.id, rejected));
    const deleted = await createEvent(db, creatorId, sixKinds('Dihapus'));
    await db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, deleted));
    for (const id of [draft, pending, rejected, deleted, '00000000-0000-4000-8000-000000000000', 'bukan-id']) {
      const ticket = id.length === 36 ? await db.query.tickets.findFirst({ where: eq(tickets.eventId, id) }) : undefined;
      const res = await register(id, { ticketId: ticket?.id ?? '00000000-0000-4000-8000-000000000000', participant: person('x@contoh.id') });
      expect(res.status, id).toBe(404);
      expect(res.body.messageId).toBe(MESSAGE_ID.notFound);
      const question = ticket && await db.query.registrationQuestions.findFirst({ where: (q, { and: all, eq: is }) => all(is(q.eventId, id), is(q.type, 'image')) });
      expect((await upload(id, question?.id ?? '00000000-0000-4000-8000-000000000000', file(await image(10, 10), 'x.png', 'image/png'))).status, id).toBe(404);
    }
    // An unknown ticket of a draft says nothing more than an unknown event.
    expect((await register(draft, { ticketId: '00000000-0000-4000-8000-000000000000', participant: person('x@contoh.id') })).status).toBe(404);
    expect((await register(draft, { ticketId: 'bukan-id', participant: person('x@contoh.id') })).status).toBe(404);
    expect(await db.select().from(registrants).where(eq(registrants.email, 'x@contoh.id'))).toEqual([]);
  });

  it('400 for a bad body (phone, gender, unknown ticket)', async () => {
    for (const participant of [{ ...person('p@contoh.id'), phoneNumber: '12345' }, { ...person('p@contoh.id'), gender: 'X' }, { name: 'P', email: 'p@contoh.id' }]) {
      expect((await register(ev.id, { ticketId: ev.ticketId, participant })).status).toBe(400);
    }
    const other = await createEvent(t.database.db, creatorId, simpleEvent('Lain Lagi', { days: 10 }));
    const foreignTicket = await register(ev.id, minimal('p@contoh.id', { ticketId: (await ticketOf(other)).id }));
    expect(foreignTicket.status).toBe(400);
    expect(foreignTicket.body.errors).toEqual([{ message: M.ticketNotOfEvent, path: 'ticketId' }]);
  });
});

describe('POST /v1/public/events/{eventId}/uploads', () => {
  it('refuses a file the question does not take, a missing question and a missing file', async () => {
    expect((await upload(ev.id, ev.q.image, file(PDF, 'a.pdf', 'application/pdf'))).status).toBe(415);
    expect((await upload(ev.id, ev.q.file, file(await image(10, 10), 'a.png', 'image/png'))).status).toBe(415);
    const textQuestion = await upload(ev.id, ev.q.text, file(PDF, 'a.pdf'));
    expect(textQuestion.status).toBe(400);
    expect(textQuestion.body.errors).toEqual([{ message: M.uploadQuestion, path: 'questionId' }]);
    const { payload, headers } = multipartBody([{ name: 'questionId', value: ev.q.file }]);
    const noFile = await call(t.app, { method: 'POST', url: `/v1/public/events/${ev.id}/uploads`, payload, headers: { ...headers, [PROOF_OF_WORK.header]: await solvedAltcha(t.app) } });
    expect(noFile.status).toBe(400);
    expect(noFile.body.errors).toEqual([{ message: UPLOAD_MSG.missingFile, path: 'file' }]);
  });

  it('answer files are private: the event organization reads them through /v1/files/:id, another organizer 404', async () => {
    const res = await upload(ev.id, ev.q.file, file(PDF, 'rahasia.pdf', 'application/pdf'));
    const { fileId } = res.body.data;
    const row = await t.database.db.query.uploads.findFirst({ where: eq(uploads.id, fileId) });
    const event = await t.database.db.query.events.findFirst({ where: eq(events.id, ev.id) });
    // Owned by the event's organization; owner_id is the event's creator (a user must be named).
    expect(row).toMatchObject({ organizationId: event!.organizationId, ownerId: creatorId, docType: 'RegistrationAnswer', contentType: 'application/pdf' });
    expect(row!.path).toMatch(/^private\//);
    const read = await t.app.inject({ method: 'GET', url: `/v1/files/${fileId}`, headers: { authorization: `Bearer ${tokens.org1}` } });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(PDF)).toBe(true);
    expect(read.headers['content-disposition']).toContain('attachment');
    expect((await call(t.app, { method: 'GET', url: `/v1/files/${fileId}`, token: tokens.org2 })).status).toBe(404);
    // Never under the public files route.
    const [, year, month, name] = row!.path.split('/');
    expect((await call(t.app, { method: 'GET', url: `/files/${year}/${month}/${name}` })).status).toBe(404);
  });
});

describe('ticket codes and the e-ticket', () => {
  it('codes are unique, at least 22 base64url characters (128 bits)', async () => {
    const codes = (await t.database.db.select({ code: registrants.ticketCode }).from(registrants)).map((r) => r.code);
    expect(codes.length).toBeGreaterThan(2);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  });

  it('the e-ticket mail has the event, category, name, the ticket link and a QR image of the code', async () => {
    const res = await register(ev.id, minimal('mail@contoh.id'));
    const { ticketCode } = res.body.data.result;
    await settleJobs(t.database.db);
    const mail = (await readOutbox(t.config.dataDir)).find((m) => m.to.includes('mail@contoh.id'))!;
    expect(mail.subject).toContain('Kelas Desain Gratis');
    expect(mail.text).toContain('Kelas Desain Gratis');
    expect(mail.text).toContain('Peserta Umum');
    expect(mail.text).toContain('Sari Dewi');
    expect(mail.text).toContain(ticketPageUrl(t.config.publicUrl, ev.id, ticketCode));
    expect(mail.text).toContain(`${t.config.publicUrl}/e/${ev.id}/ticket/${ticketCode}`);
    const qr = mail.attachments.find((a) => a.contentType === 'image/png')!;
    expect(qr.cid).toBeTruthy();
    expect(mail.attachments.filter((a) => a.contentType === 'image/png')).toHaveLength(1);
    // The PNG draws exactly the QR code of the ticket code: 8 pixels per module, 2 modules of margin.
    const { data, info } = await sharp(qr.content).greyscale().raw().toBuffer({ resolveWithObject: true });
    const { modules } = QRCode.create(ticketCode, { errorCorrectionLevel: 'M' });
    expect(info.width).toBe((modules.size + 4) * 8);
    let wrong = 0;
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        const dark = data[((row + 2) * 8 + 4) * info.width + (col + 2) * 8 + 4]! < 128;
        if (dark !== Boolean(modules.get(row, col))) wrong++;
      }
    }
    expect(wrong).toBe(0);
  });

  it('what was typed is defanged in the mail: the ticket link is its only link', async () => {
    const res = await register(ev.id, minimal('spam@contoh.id', { participant: { ...person('spam@contoh.id'), name: 'Menang hadiah di www.hadiah.com' } }));
    expect(res.status).toBe(201);
    await settleJobs(t.database.db);
    const mail = (await readOutbox(t.config.dataDir)).find((m) => m.to.includes('spam@contoh.id'))!;
    expect(mail.text).not.toContain('www.hadiah.com');
    expect(mail.text).toContain('hadiah[.]com');
  });

  it('the platform intake answers a ticketCode and mails the same e-ticket', async () => {
    const res = await call(t.app, {
      method: 'POST', url: `/v1/platform/events/${ev.id}/registrations`, headers: { 'x-platform-key': 'test-platform-key' },
      payload: minimal('app@contoh.id'),
    });
    expect(res.status).toBe(201);
    expect(res.body.data.result.ticketCode).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await settleJobs(t.database.db);
    const mail = (await readOutbox(t.config.dataDir)).find((m) => m.to.includes('app@contoh.id'))!;
    expect(mail.text).toContain(`/e/${ev.id}/ticket/${res.body.data.result.ticketCode}`);
    // The platform keeps its own (English) texts.
    const twice = await call(t.app, {
      method: 'POST', url: `/v1/platform/events/${ev.id}/registrations`, headers: { 'x-platform-key': 'test-platform-key' },
      payload: minimal('app@contoh.id', { answers: [] }),
    });
    expect(twice.body.message).toBe(fill(PLATFORM_MSG.missingAnswer, { name: 'Nama panggilan' }));
  });

  it('GET /v1/public/tickets/{ticketCode}: the ticket; unknown codes 404', async () => {
    const { ticketCode } = (await register(ev.id, minimal('tiket@contoh.id'))).body.data.result;
    const res = await call(t.app, { method: 'GET', url: `/v1/public/tickets/${ticketCode}` });
    expect(res.status).toBe(200);
    expect(res.body.data.result).toMatchObject({
      ticketCode, status: 'confirmed', checkedInAt: null, participant: { name: 'Sari Dewi' },
      category: { id: ev.ticketId, name: 'Peserta Umum' },
      event: { id: ev.id, name: 'Kelas Desain Gratis', startAt: expect.any(String), dates: [expect.objectContaining({ startHour: '09:00' })] },
    });
    expect(res.body.data.result).not.toHaveProperty('email');
    for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'x', `${ticketCode.slice(0, -1)}!`]) {
      const miss = await call(t.app, { method: 'GET', url: `/v1/public/tickets/${encodeURIComponent(code)}` });
      expect(miss.status).toBe(404);
      expect(miss.body.message).toBe(M.ticketNotFound);
    }
    // Its event deleted: the ticket is gone from the public side.
    const id = await createEvent(t.database.db, creatorId, simpleEvent('Hilang', { days: 10 }));
    const gone = (await register(id, { ticketId: (await ticketOf(id)).id, participant: person('hilang@contoh.id') })).body.data.result.ticketCode;
    await t.database.db.update(events).set({ deletedAt: new Date() }).where(eq(events.id, id));
    expect((await call(t.app, { method: 'GET', url: `/v1/public/tickets/${gone}` })).status).toBe(404);
  });
});
