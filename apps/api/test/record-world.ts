import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ORGANIZATION_HEADER } from '@eo/contract';
import { certificateRecipients, evaluationAnswers, events, eventSessions, registrantAnswers, registrationQuestions, uploads, waitlistEntries } from '../src/db/schema/index.js';
import { claimJob, completeJob } from '../src/jobs/queue.js';
import { DiskStore } from '../src/lib/storage/disk-store.js';
import { createMailer } from '../src/lib/mailer.js';
import { CERTIFICATE_PUBLISH_JOB, publishCertificateHandler } from '../src/modules/certificates/publish/publish-certificate.job.js';
import { fakeRenderer, silentLog, templateObjects } from '../src/modules/certificates/publish/publish.fixture.js';
import { createEvent, PlatformService, simpleEvent, type createTeamApp } from './fixtures.js';
import { call, type TestApp } from './harness.js';
import { lastCode } from './money.js';
import { file, image, multipartBody } from './multipart.js';

/**
 * Test-only: one record of every kind an organizer owns, made through the API (and the platform
 * intake, the publish job) as in real use, for the matrices that walk every route with record
 * inputs (plugins/ownership-matrix.test.ts, plugins/role-matrix.test.ts). Organizer1's records
 * carry marker strings, so a leak of them shows in any answer.
 */
export const MARK = {
  event: 'Lomba Rahasia Zqxevent',
  future: 'Festival Rahasia Zqxfuture',
  draft: 'Draf Rahasia Zqxdraft',
  question: 'Pertanyaan Zqxtanya',
  answer: 'Jawaban Zqxjawaban',
  participant: 'Peserta Zqxpeserta',
  participantEmail: 'zqxpeserta',
  sharedName: 'Zqxnama',
  bankHolder: 'Pemilik Zqxrekening',
  bankNumber: '9876543210123',
  certPrefix: 'ZQXSERT',
  certPublished: 'ZQXTERBIT',
  certGroup: 'Kelompok Zqxgrup',
  csvRecipient: 'Penerima Zqxcsv',
  twibbonKey: 'zqx-kunci-twibbon',
  email: 'organizer@demo.id',
  apiKeyName: 'Kunci Zqxapi',
  webhookUrl: 'https://93.184.216.34/zqxkait',
};

/** The kinds of record a route input may name (route-walk.ts maps input names to them). */
export type Kind = 'event' | 'draft' | 'ticket' | 'transaction' | 'registrant' | 'question' | 'withdrawal' | 'coin' | 'file'
  | 'certificate' | 'user' | 'serial' | 'idemKey' | 'invoiceFile' | 'imageUrl' | 'templateUrl' | 'csvUrl' | 'organization' | 'invitation'
  | 'answerFile' | 'message' | 'waitlist' | 'session' | 'evaluationQuestion' | 'trackingCode' | 'apiKey' | 'webhook' | 'webhookDelivery';
export const ID_KINDS: Kind[] = [
  'event', 'draft', 'ticket', 'transaction', 'registrant', 'question', 'withdrawal', 'coin', 'file', 'certificate', 'user', 'serial', 'idemKey', 'invoiceFile',
  'organization', 'invitation', 'message', 'apiKey',
];

/** Where organizer2's own unpublished draft is named: the walk takes the next of `drafts2`. */
export const DRAFT2 = '<organizer2 draft>';
const DAY = 86_400_000;

export type Team = Awaited<ReturnType<typeof createTeamApp>>;

export async function upload(t: TestApp, docType: string, part: ReturnType<typeof file>, token: string, url = '/v1/upload') {
  const res = await call(t.app, { method: 'POST', url, token, ...multipartBody([{ name: 'docType', value: docType }, part]) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.url as string;
}

/** A past paid event of `creatorId` with a general question, a twibbon key and paying registrants. */
async function paidEvent(t: TestApp, creatorId: string, name: string, key: string | null, people: { name: string; email: string; answer: string }[]) {
  const db = t.database.db;
  const fixture = simpleEvent(name, { days: -2, price: 50_000 });
  fixture.payload.registrationSteps = [{ name: `${name} ${MARK.question}`, type: 'text', isRequired: true }];
  if (key) Object.assign(fixture.payload, { twibbonRequired: true, twibbon: { customKey: key, templateUrl: '/files/twibbon.png', caption: 'Ayo ikut', guide: ['Unggah'] } });
  const eventId = await createEvent(db, creatorId, fixture);
  const [question] = await db.select().from(registrationQuestions).where(eq(registrationQuestions.eventId, eventId));
  const ticket = await db.query.tickets.findFirst({ where: (x, { eq: is }) => is(x.eventId, eventId) });
  const platform = new PlatformService(db);
  const sold = [];
  for (const p of people) {
    sold.push(await platform.register(eventId, {
      ticketId: ticket!.id, participant: { name: p.name, email: p.email, lastEducation: 'S1', gender: 'Perempuan' },
      answers: [{ questionId: question!.id, value: p.answer }],
    }, new Date(fixture.eventDay - 2 * DAY)));
  }
  await platform.recordViews(eventId, new Date(fixture.eventDay - 3 * DAY), 5);
  return { eventId, ticketId: ticket!.id, questionId: question!.id, sold };
}

/**
 * A participant's photo answering an image question of the event, stored as public registration
 * stores it (a private RegistrationAnswer upload of the event's organization, named by the answer).
 */
async function answerFile(t: TestApp, eventId: string, registrantId: string, ownerId: string) {
  const db = t.database.db;
  const event = await db.query.events.findFirst({ where: eq(events.id, eventId) });
  const data = await image(40, 40);
  const rel = await new DiskStore(path.join(t.config.dataDir, 'files')).save(data, 'png', new Date(), { private: true });
  const [upload] = await db.insert(uploads).values({
    organizationId: event!.organizationId, ownerId, docType: 'RegistrationAnswer', path: rel, contentType: 'image/png', originalName: 'foto.png', size: data.length, width: 40, height: 40,
  }).returning({ id: uploads.id });
  const [question] = await db.insert(registrationQuestions).values({ eventId, name: 'Foto', type: 'image', isRequired: false, stepOrderNumber: 1 }).returning({ id: registrationQuestions.id });
  await db.insert(registrantAnswers).values({ registrantId, questionId: question!.id, value: { fileId: upload!.id, name: 'foto.png' } });
  return upload!.id;
}

export async function certificateBody(eventId: string, template: string, csvUrl: string, prefix: string, isDraft: boolean, groupName: string) {
  return {
    isDraft, eventId, recipientType: 'csv', templateBackgroundUrl: template, serialNumberPrefix: prefix, groupName,
    recipientCsv: { fileUrl: csvUrl, fileName: 'penerima.csv', recipientNameColumn: 'Nama', recipientEmailColumn: 'Email', totalRecipient: 1, columns: ['Nama', 'Email'] },
    templateObjects: templateObjects(800, 566),
  };
}

/** An organizer's records through the API; `own`: organizer1's, with the markers. */
async function seedOrganizer(t: TestApp, token: string, userId: string, own: boolean) {
  const db = t.database.db;
  const e = await paidEvent(t, userId, own ? MARK.event : 'Lomba Organizer Dua', own ? MARK.twibbonKey : null, [0, 1].map((i) => ({
    name: own ? `${MARK.participant} ${i}` : `Peserta Biasa ${i}`, email: own ? `${MARK.participantEmail}${i}@contoh.id` : `biasa${i}@contoh.id`,
    answer: own ? MARK.answer : 'Jawaban biasa',
  })).concat([{
    // The same person registers with both organizers: each sees only what was given to it.
    name: own ? `Peserta Sama ${MARK.sharedName}` : 'Peserta Sama', email: 'sama@contoh.id', answer: own ? MARK.answer : 'Jawaban biasa',
  }]));
  const future = await createEvent(db, userId, simpleEvent(own ? MARK.future : 'Festival Dua', { days: 10, price: 30_000 }));
  const draft = await createEvent(db, userId, simpleEvent(own ? MARK.draft : 'Draf Dua', { days: 10, draft: true }));
  const imageUrl = await upload(t, 'EventImage', file(await image(400, 500), 'poster.png', 'image/png'), token, '/v1/upload/image');
  const templateUrl = await upload(t, 'CertificateTemplate', file(await image(800, 566), 'template.png', 'image/png'), token);
  const csvUrl = await upload(t, 'CSV', file(Buffer.from(`Nama,Email\n${own ? MARK.csvRecipient : 'Penerima Biasa'},${own ? 'zqxcsv' : 'biasa'}@contoh.id\n`), 'penerima.csv', 'text/csv'), token);
  const coin = await call(t.app, { method: 'GET', url: `/v1/transactions/eo/coin?eventId=${e.eventId}`, token });
  expect(coin.status).toBe(200);
  const coinId = coin.body.data.result._id as string;
  const bank = { bankCode: '014', accountName: own ? MARK.bankHolder : 'Pemilik Biasa', accountNumber: own ? MARK.bankNumber : '1111222233' };
  expect((await call(t.app, { method: 'POST', url: '/v1/transactions/eo/bank-account', token, payload: { eoCoinId: coinId, bankAccount: bank } })).status).toBe(200);
  const cert = await call(t.app, { method: 'POST', url: '/v1/certificates', token, payload: await certificateBody(e.eventId, templateUrl, csvUrl, own ? MARK.certPrefix : 'DUA', true, own ? MARK.certGroup : 'Kelompok Biasa') });
  expect(cert.status, JSON.stringify(cert.body)).toBe(201);
  const answerFileId = await answerFile(t, e.eventId, e.sold[0]!.registrantId, userId);
  // A message to the event's participants, scheduled (so it can still be cancelled).
  const sendAt = new Date(Date.now() + 86_400_000).toISOString();
  const message = await call(t.app, { method: 'POST', url: `/v1/events/${e.eventId}/messages`, token, payload: { subject: 'Info acara', body: 'Sampai jumpa', sendAt } });
  expect(message.status, JSON.stringify(message.body)).toBe(201);
  // A place on the paid ticket's waiting list (written as the list stores it: the API takes free tickets only).
  const [place] = await db.insert(waitlistEntries).values({
    eventId: e.eventId, ticketId: e.ticketId, name: own ? `${MARK.participant} antre` : 'Antre Biasa', email: own ? 'zqxantre@contoh.id' : 'antre@contoh.id',
  }).returning({ id: waitlistEntries.id });
  // A session of the event, written as the event form stores it (inside the event's dates).
  const [held] = await db.select({ first: events.firstEventAt, last: events.lastEventAt }).from(events).where(eq(events.id, e.eventId));
  const [session] = await db.insert(eventSessions).values({ eventId: e.eventId, name: own ? `${MARK.event} sesi` : 'Sesi Biasa', startsAt: held!.first!, endsAt: held!.last!, position: 0 })
    .returning({ id: eventSessions.id });
  // The event's evaluation form, its one question a text question (its answers are read by page).
  const evaluation = await call(t.app, { method: 'PUT', url: `/v1/events/${e.eventId}/evaluation`, token, payload: { questions: [{ type: 'text', label: 'Saran', isRequired: false }] } });
  expect(evaluation.status, JSON.stringify(evaluation.body)).toBe(200);
  // Answered once, so its question stays put (a walked save of other questions is refused as EVALUATION_LOCKED).
  const evaluationQuestionId = evaluation.body.data.result.questions[0].id as string;
  await db.insert(evaluationAnswers).values({ registrantId: e.sold[0]!.registrantId, eventId: e.eventId, answers: [{ questionId: evaluationQuestionId, value: own ? MARK.answer : 'Saran biasa' }] });
  // A webhook endpoint (a public address: the rule refuses private ones here) and one delivery, its test event.
  const webhook = await call(t.app, { method: 'POST', url: '/v1/organization/webhooks', token, payload: { url: own ? MARK.webhookUrl : 'https://93.184.216.34/kait', events: ['checkin.created'] } });
  expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
  const webhookId = webhook.body.data.result.id as string;
  const delivery = await call(t.app, { method: 'POST', url: `/v1/organization/webhooks/${webhookId}/test`, token });
  expect(delivery.status, JSON.stringify(delivery.body)).toBe(202);
  // Tracking links of the event (three of organizer1's: a walked DELETE removes one).
  const trackingCodes = own ? ['zqx-tautan-1', 'zqx-tautan-2', 'zqx-tautan-3'] : ['tautan-dua'];
  for (const code of trackingCodes) {
    const link = await call(t.app, { method: 'POST', url: `/v1/events/${e.eventId}/links`, token, payload: { name: own ? `Tautan ${MARK.event}` : 'Tautan Biasa', code } });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
  }
  return {
    ...e, future, draft, sessionId: session!.id, trackingCodes, imageUrl, templateUrl, csvUrl, coinId, answerFileId, certificateId: cert.body.data.result.id as string, messageId: message.body.data.result.id as string,
    waitlistId: place!.id, evaluationQuestionId, webhookId, webhookDeliveryId: delivery.body.data.result.id as string,
  };
}

export interface RecordWorld {
  /** Organizer1's records by kind, each kind's most useful first. */
  v1: Record<Kind, string[]>;
  /** Organizer2's own records, in the same order (empty without `second`). */
  v2: Partial<Record<Kind, string[]>>;
  /** Organizer2's unpublished drafts: a draft can be published once. */
  drafts2: string[];
  /** Organizer1's markers and ids: none may reach anyone outside its organization. */
  secrets: string[];
}

/**
 * Organizer1 (the team's org1, acting in its personal organization) gets one record of every
 * kind: a past paid event with a question, a twibbon key and three registrants, a future event,
 * a draft, uploads (image, template, CSV), its coin account with a bank account, a verified and
 * sent withdrawal and one waiting for its code, a draft and a published certificate. With
 * `second`, organizer2 gets the same (no markers), an open withdrawal and 16 drafts.
 */
export async function seedRecordWorld(t: TestApp, team: Team, opts: { second: boolean }): Promise<RecordWorld> {
  const db = t.database.db;
  const one = await seedOrganizer(t, team.org1, team.ids.org1, true);
  const two = opts.second ? await seedOrganizer(t, team.org2, team.ids.org2, false) : undefined;
  const drafts2: string[] = [];
  // A draft can be published once: organizer2's calls that publish one get the next.
  if (two) for (let n = 0; n < 16; n++) drafts2.push(await createEvent(db, team.ids.org2, simpleEvent(`Draf Dua ${n}`, { days: 10, draft: true })));

  // Organizer1's money: one verified withdrawal (a receipt) and one waiting for its code.
  const withdraw = async (key: string, token = team.org1, eoCoinId = one.coinId) => {
    const res = await call(t.app, { method: 'POST', url: '/v1/transactions/eo/coin/withdrawal', token, payload: { amount: 20_000, withdrawDetail: { eoCoinId } }, headers: { 'idempotency-key': key } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.result.referenceId as string;
  };
  const verified = await withdraw('zqx-idempotency-1');
  const code = await lastCode(t.config.dataDir, MARK.email);
  expect((await call(t.app, { method: 'POST', url: '/v1/transactions/eo/coin/withdrawal/verif', token: team.org1, payload: { code, eoCoinId: one.coinId } })).status).toBe(200);
  const sent = await call(t.app, { method: 'POST', url: `/v1/admin/withdrawals/${verified}/status`, token: team.admin, payload: { status: 'sent' } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const pending = await withdraw('zqx-idempotency-2');
  // Organizer2's own request is open too, so its own calls answer the same whatever the key.
  if (two) await withdraw('organizer2-idempotency', team.org2, two.coinId);
  const history = await call(t.app, { method: 'GET', url: '/v1/transactions/eo/coin/withdrawal', token: team.org1 });
  const withdrawalIds = history.body.data.docs.map((w: { _id: string }) => w._id) as string[];

  // A published certificate, through the real job (a fast renderer).
  const published = await call(t.app, { method: 'POST', url: '/v1/certificates', token: team.org1, payload: await certificateBody(one.eventId, one.templateUrl, one.csvUrl, MARK.certPublished, false, MARK.certGroup) });
  expect(published.status, JSON.stringify(published.body)).toBe(201);
  const job = await claimJob(db, { kinds: [CERTIFICATE_PUBLISH_JOB], workerId: 'record-world', leaseMs: 60_000 });
  const mailer = createMailer({ mailFrom: 'EO <no-reply@contoh.id>', dataDir: t.config.dataDir, smtpUrl: undefined });
  await publishCertificateHandler({ db, storage: new DiskStore(path.join(t.config.dataDir, 'files')), mailer, publicUrl: 'http://localhost', renderer: fakeRenderer })(
    { job: job!, signal: new AbortController().signal, lastAttempt: true, log: silentLog },
  );
  await completeJob(db, job!);
  mailer.close();
  const [recipient] = await db.select().from(certificateRecipients).where(eq(certificateRecipients.certificateId, published.body.data.result.id)).orderBy(asc(certificateRecipients.position));
  expect(recipient?.serial).toBe(`${MARK.certPublished}-001`);

  // Organizer1's organization and open invitations (several: a walk may revoke one per route input).
  const orgOf = async (token: string) => (await call(t.app, { method: 'GET', url: '/v1/organizations', token })).body.data.docs[0].id as string;
  const invite = async (orgId: string, email: string, token: string) => {
    const res = await call(t.app, { method: 'POST', url: `/v1/organizations/${orgId}/invitations`, token, payload: { email, role: 'staff' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.result.id as string;
  };
  const org1 = await orgOf(team.org1);
  const invitations1 = [];
  for (const n of [1, 2, 3]) invitations1.push(await invite(org1, `zqx-undangan${n}@contoh.id`, team.org1));
  const org2 = two ? await orgOf(team.org2) : undefined;
  const invitation2 = org2 ? await invite(org2, 'undangan-dua@contoh.id', team.org2) : undefined;
  // An API key of each organization (its secret is one of organizer1's secrets: no answer may show it).
  const apiKey = async (orgId: string, token: string, name: string) => {
    const res = await call(t.app, { method: 'POST', url: '/v1/organization/api-keys', token, headers: { [ORGANIZATION_HEADER]: orgId }, payload: { name, scopes: ['events.read'] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.result as { id: string; key: string };
  };
  const key1 = await apiKey(org1, team.org1, MARK.apiKeyName);
  const key2 = org2 ? await apiKey(org2, team.org2, 'Kunci Dua') : undefined;

  const v1: Record<Kind, string[]> = {
    organization: [org1], invitation: invitations1,
    event: [one.eventId, one.future], draft: [one.draft], ticket: [one.ticketId], question: [one.questionId],
    transaction: [one.sold[0]!.transactionId!], registrant: [one.sold[0]!.registrantId],
    withdrawal: [verified, pending, withdrawalIds[0]!], coin: [one.coinId], file: [one.csvUrl.split('/').pop()!],
    certificate: [one.certificateId, published.body.data.result.id], user: [team.ids.org1], serial: [recipient!.serial], idemKey: ['zqx-idempotency-1', 'zqx-idempotency-2'],
    invoiceFile: [`invoice-${one.sold[0]!.transactionId}.pdf`],
    imageUrl: [one.imageUrl], templateUrl: [one.templateUrl], csvUrl: [one.csvUrl], answerFile: [one.answerFileId], message: [one.messageId],
    waitlist: [one.waitlistId], session: [one.sessionId], evaluationQuestion: [one.evaluationQuestionId], trackingCode: one.trackingCodes, apiKey: [key1.id],
    webhook: [one.webhookId], webhookDelivery: [one.webhookDeliveryId],
  };
  // Organizer2's own records, in the same order (its own future event where organizer1's future event works).
  const v2: Partial<Record<Kind, string[]>> = two ? {
    organization: [org2!], invitation: [invitation2!],
    event: [two.eventId, two.future], draft: [DRAFT2], ticket: [two.ticketId], question: [two.questionId], transaction: [two.sold[0]!.transactionId!],
    registrant: [two.sold[0]!.registrantId], coin: [two.coinId], file: [two.csvUrl.split('/').pop()!], certificate: [two.certificateId],
    user: [team.ids.org2], invoiceFile: [`invoice-${two.sold[0]!.transactionId}.pdf`], imageUrl: [two.imageUrl], templateUrl: [two.templateUrl], csvUrl: [two.csvUrl],
    answerFile: [two.answerFileId], message: [two.messageId], waitlist: [two.waitlistId], session: [two.sessionId], evaluationQuestion: [two.evaluationQuestionId],
    webhook: [two.webhookId], webhookDelivery: [two.webhookDeliveryId],
    trackingCode: two.trackingCodes,
    apiKey: [key2!.id],
  } : {};
  return { v1, v2, drafts2, secrets: [...Object.values(MARK), ...Object.values(v1).flat(), key1.key] };
}
