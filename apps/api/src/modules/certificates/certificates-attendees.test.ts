import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERT_ATTENDEES_MSG, CERT_DEFAULTS, ORGANIZATION_HEADER, type CertificatePayload, type OrgRole, type TemplateObject } from '@eo/contract';
import { certificateRecipients, events, registrants } from '../../db/schema/index.js';
import type { JobRow } from '../../jobs/queue.js';
import { DiskStore } from '../../lib/storage/disk-store.js';
import { readOutbox } from '../../lib/mailer.js';
import { call, type TestApp } from '../../../test/harness.js';
import { addMembers, callerFor, createEvent, createTeamApp, registerMany, simpleEvent } from '../../../test/fixtures.js';
import { file, image, multipartBody } from '../../../test/multipart.js';
import { insertAttendeeRecipients } from './publish/attendees.repository.js';
import { publishCertificateHandler } from './publish/publish-certificate.job.js';
import { fakeRenderer, publishPlace, silentLog } from './publish/publish.fixture.js';

/**
 * Attendance feeds certificates: a batch for `attendees` goes to the event's
 * registrants checked in (at the door or online: the same column), never the refunded or the
 * absent; the count is there before publishing; publishing again adds only those checked in
 * since, never anyone twice; owner and admin only.
 */
let t: TestApp;
let owner: string;
let org2: string;
let otherEventId: string;
let org1Id: string;
let eventId: string;
let template: string;
let people: Awaited<ReturnType<typeof registerMany>>;
let place: ReturnType<typeof publishPlace>;
const token = {} as Record<'staff' | 'finance' | 'admin', string>;

beforeAll(async () => {
  const team = await createTeamApp();
  ({ t, org1: owner, org2 } = team);
  const { db } = t.database;
  eventId = await createEvent(db, team.ids.org1, simpleEvent('Workshop Bersertifikat', { days: -2 }));
  await db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, eventId));
  otherEventId = await createEvent(db, team.ids.org2, simpleEvent('Event Lain', { days: -2 }));
  people = await registerMany(db, eventId, 8, new Date(Date.now() - 5 * 86_400_000), 'hadir');
  org1Id = (await callerFor(db, team.ids.org1)).organizationId!;
  Object.assign(token, await addMembers(t, org1Id, ['staff', 'finance', 'admin'] as (keyof typeof token & OrgRole)[], 'sertifikat'));
  const { payload, headers } = multipartBody([{ name: 'docType', value: 'CertificateTemplate' }, file(await image(800, 566), 'template.png', 'image/png')]);
  template = (await call(t.app, { method: 'POST', url: '/v1/upload', payload, headers, token: owner })).body.data.url;
  // The job as a worker runs it, on the app's files; its mails in an outbox of their own.
  place = publishPlace(db, { renderer: fakeRenderer, storage: new DiskStore(path.join(t.config.dataDir, 'files')) });
}, 60_000);
afterAll(async () => {
  place?.close();
  await t?.close();
});

const headers = () => ({ [ORGANIZATION_HEADER]: org1Id });
const box = (key: TemplateObject['key'], start: [number, number], end: [number, number]): TemplateObject => ({
  key, placeholder: { start, end }, anchor: { horizontal: 'middle', vertical: 'middle' },
  textStyle: { font: CERT_DEFAULTS.font, size: 40, color: CERT_DEFAULTS.color, charLength: 40 }, type: 'text',
});
const payload = (over: Partial<CertificatePayload> = {}): CertificatePayload => ({
  isDraft: false, eventId, recipientType: 'attendees', recipientCsv: null, templateBackgroundUrl: template,
  serialNumberPrefix: 'HADIR', groupName: CERT_ATTENDEES_MSG.groupName,
  templateObjects: [box('recipientName', [100, 250], [700, 350]), box('serialNumber', [250, 400], [550, 450])], ...over,
});
const create = (body: CertificatePayload, as = owner) => call(t.app, { method: 'POST', url: '/v1/certificates', payload: body, token: as, headers: headers() });
const republish = (id: string, as = owner) => call(t.app, { method: 'POST', url: `/v1/certificates/${id}/republish`, token: as, headers: headers() });
const count = (query: string, as = owner) => call(t.app, { method: 'GET', url: `/v1/certificates/attendees-count?${query}`, token: as, headers: headers() });
const counted = async (query: string) => {
  const res = await count(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.result;
};
const runJob = (certificateId: string) =>
  publishCertificateHandler(place.deps)({ job: { payload: { certificateId } } as JobRow, signal: new AbortController().signal, lastAttempt: false, log: silentLog });
/**
 * Checks people in by their index, one after the other (door or online attendance: both set
 * `checked_in_at`); recipients are numbered in check-in order.
 */
let clock = Date.now() - 3_600_000;
async function checkIn(...which: number[]) {
  for (const i of which) {
    await t.database.db.update(registrants).set({ checkedInAt: new Date(clock += 1000) }).where(eq(registrants.id, people[i]!.registrantId));
  }
}
const recipientsOf = (id: string) => t.database.db.select().from(certificateRecipients)
  .where(eq(certificateRecipients.certificateId, id)).orderBy(asc(certificateRecipients.position));
const certificateMails = async () => (await readOutbox(place.dataDir)).map((m) => m.to).sort();
const emailsOf = (...which: number[]) => which.map((i) => `hadir${i}@contoh.id`).sort();

describe('certificates to attendees', () => {
  let certificateId: string;

  it('counts nobody before check-in, and refuses to publish to nobody', async () => {
    expect(await counted(`eventId=${eventId}`)).toEqual({ attendees: 0, alreadyCertified: 0, toSend: 0 });
    const res = await create(payload());
    expect([res.status, res.body.message]).toEqual([400, CERT_ATTENDEES_MSG.noAttendees]);
    // No CSV is asked for; the event still is.
    expect((await create(payload({ eventId: null }))).body.message).toBe('Missing this fields: Event');
  });

  it('issues exactly the checked-in set: the refunded and the absent get nothing', async () => {
    await checkIn(0, 1, 2);
    // Refunded after checking in: no longer an attendee.
    await t.database.db.update(registrants).set({ status: 'refunded', cancelledAt: new Date() }).where(eq(registrants.id, people[2]!.registrantId));
    expect(await counted(`eventId=${eventId}`)).toEqual({ attendees: 2, alreadyCertified: 0, toSend: 2 });

    const res = await create(payload());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.result).toMatchObject({ status: 'publishing', recipientType: 'attendees', recipientCsv: null, totalRecipient: 2 });
    certificateId = res.body.data.result.id;
    await runJob(certificateId);

    const rows = await recipientsOf(certificateId);
    expect(rows.map((r) => [r.registrantId, r.serial, r.email])).toEqual([
      [people[0]!.registrantId, 'HADIR-001', 'hadir0@contoh.id'], [people[1]!.registrantId, 'HADIR-002', 'hadir1@contoh.id'],
    ]);
    expect(rows.every((r) => r.mailedAt)).toBe(true);
    expect(await certificateMails()).toEqual(emailsOf(0, 1));
    const got = (await call(t.app, { method: 'GET', url: `/v1/certificates/${certificateId}`, token: owner, headers: headers() })).body.data.result;
    expect(got).toMatchObject({ status: 'published', recipientType: 'attendees', totalRecipient: 2, progress: { done: 2, total: 2, failed: 0 } });
    // The list reads the same progress in its page's statement.
    const listed = (await call(t.app, { method: 'GET', url: '/v1/certificates?limit=100', token: owner, headers: headers() })).body.data.docs;
    expect(listed.find((c: { id: string }) => c.id === certificateId)).toMatchObject({ totalRecipient: 2, progress: { done: 2, total: 2, failed: 0 } });
  });

  it('counts those already certified for the certificate, and refuses to publish again with nobody new', async () => {
    expect(await counted(`eventId=${eventId}&certificateId=${certificateId}`)).toEqual({ attendees: 2, alreadyCertified: 2, toSend: 0 });
    const res = await republish(certificateId);
    expect([res.status, res.body.message]).toEqual([409, CERT_ATTENDEES_MSG.noNewAttendees]);
  });

  it('publishing again after more check-ins sends only to the new attendees', async () => {
    await checkIn(3, 4);
    expect(await counted(`eventId=${eventId}&certificateId=${certificateId}`)).toEqual({ attendees: 4, alreadyCertified: 2, toSend: 2 });
    const res = await republish(certificateId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: CERT_ATTENDEES_MSG.republished, data: { result: { status: 'publishing' } } });
    await runJob(certificateId);

    const rows = await recipientsOf(certificateId);
    expect(rows.map((r) => [r.registrantId, r.serial])).toEqual([0, 1, 3, 4].map((i, n) => [people[i]!.registrantId, `HADIR-00${n + 1}`]));
    expect(rows.every((r) => r.mailedAt)).toBe(true);
    // Two more mails, to the new two only: nobody mailed twice.
    expect(await certificateMails()).toEqual(emailsOf(0, 1, 3, 4));
    expect(await counted(`eventId=${eventId}&certificateId=${certificateId}`)).toEqual({ attendees: 4, alreadyCertified: 4, toSend: 0 });
  });

  it('never issues twice: concurrent republishes queue one run, a repeated run adds nobody, the index refuses a copy', async () => {
    await checkIn(5);
    const answers = await Promise.all([republish(certificateId), republish(certificateId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(CERT_ATTENDEES_MSG.notPublished);
    await Promise.all([runJob(certificateId), runJob(certificateId)]);
    await runJob(certificateId);
    const rows = await recipientsOf(certificateId);
    expect(rows.map((r) => r.registrantId)).toEqual([0, 1, 3, 4, 5].map((i) => people[i]!.registrantId));
    expect(await certificateMails()).toEqual(emailsOf(0, 1, 3, 4, 5));

    // Whatever runs, the unique index (migration 0018) keeps one row per registrant and batch.
    const copy = { ...rows[0]!, id: undefined, position: 99, serial: 'HADIR-099', verifyToken: 'another-token' };
    expect(await insertAttendeeRecipients(t.database.db, [copy])).toBe(0);
    await expect(t.database.db.insert(certificateRecipients).values(copy)).rejects.toThrow();
    expect(await t.database.db.$count(certificateRecipients, eq(certificateRecipients.certificateId, certificateId))).toBe(5);
  });

  it('publishes again only an attendees batch', async () => {
    const { payload: body, headers: h } = multipartBody([{ name: 'docType', value: 'CSV' }, file(Buffer.from('Nama,Email\nSari,sari@contoh.id\n'), 'peserta.csv', 'text/csv')]);
    const csvUrl = (await call(t.app, { method: 'POST', url: '/v1/upload', payload: body, headers: { ...h, ...headers() }, token: owner })).body.data.url;
    const csv = await create(payload({
      recipientType: 'csv', serialNumberPrefix: 'CSV-HADIR',
      recipientCsv: { fileUrl: csvUrl, fileName: 'peserta.csv', recipientNameColumn: 'Nama', recipientEmailColumn: 'Email', totalRecipient: 1, columns: ['Nama', 'Email'] },
    }));
    expect(csv.status, JSON.stringify(csv.body)).toBe(201);
    expect([(await republish(csv.body.data.result.id)).status, (await republish(csv.body.data.result.id)).body.message]).toEqual([409, CERT_ATTENDEES_MSG.notAttendees]);
  });

  it('a draft for attendees needs no CSV and keeps none', async () => {
    const res = await create(payload({ isDraft: true, serialNumberPrefix: 'DRAFT-HADIR' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.result).toMatchObject({ status: 'drafted', recipientType: 'attendees', recipientCsv: null });
  });
});

describe('attendee certificates: who may', () => {
  it('owner and admin count and publish again; staff and finance are refused (403)', async () => {
    expect((await count(`eventId=${eventId}`, token.admin)).status).toBe(200);
    for (const as of [token.staff, token.finance]) {
      expect((await count(`eventId=${eventId}`, as)).status).toBe(403);
      const [cert] = await t.database.db.select({ id: certificateRecipients.certificateId }).from(certificateRecipients).limit(1);
      expect((await republish(cert!.id, as)).status).toBe(403);
    }
  });

  it('another organizer sees neither the event\'s count nor the certificate (404)', async () => {
    expect((await call(t.app, { method: 'GET', url: `/v1/certificates/attendees-count?eventId=${eventId}`, token: org2 })).status).toBe(404);
    const [cert] = await t.database.db.select({ id: certificateRecipients.certificateId }).from(certificateRecipients).limit(1);
    expect((await call(t.app, { method: 'POST', url: `/v1/certificates/${cert!.id}/republish`, token: org2 })).status).toBe(404);
    // Nor does the owner see another organization's event through it.
    expect((await count(`eventId=${otherEventId}`)).status).toBe(404);
    expect((await count(`eventId=${eventId}&certificateId=${cert!.id}`)).status).toBe(200);
  });
});

describe('GET /v1/certificates/events: the events a certificate may be made for', () => {
  const search = (query = '', as = owner) => call(t.app, { method: 'GET', url: `/v1/certificates/events${query}`, token: as, headers: headers() });

  it('an ongoing event with attendees qualifies; one without, a draft or a pending one does not; an ended one does', async () => {
    const { db } = t.database;
    const creator = (await db.select({ id: events.creatorId }).from(events).where(eq(events.id, eventId)))[0]!.id;
    const ongoing = await createEvent(db, creator, simpleEvent('Festival Berlangsung', { days: 3 }));
    const quiet = await createEvent(db, creator, simpleEvent('Festival Sepi', { days: 3 }));
    const pending = await createEvent(db, creator, simpleEvent('Festival Menunggu', { days: -1 }));
    await db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, ongoing));
    await db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, quiet));
    await db.update(events).set({ approvedStatus: 'pending' }).where(eq(events.id, pending));
    const [guest] = await registerMany(db, ongoing, 2, new Date(Date.now() - 3_600_000), 'festival');
    const names = async (query: string) => ((await search(query)).body.data.result as { name: string }[]).map((e) => e.name);

    expect(await names('?name=festival')).toEqual([]);
    await db.update(registrants).set({ checkedInAt: new Date() }).where(eq(registrants.id, guest!.registrantId));
    const res = await search('?name=FESTIVAL');
    expect(res.status).toBe(200);
    expect(res.body.data.result).toEqual([{ id: ongoing, name: 'Festival Berlangsung', ended: false, attendees: 1 }]);
    // The ended event qualifies, attendees or not; it is counted the same way.
    const ended = (await search('?name=Workshop')).body.data.result;
    expect(ended).toEqual([expect.objectContaining({ id: eventId, ended: true })]);
    expect(ended[0].attendees).toBe((await counted(`eventId=${eventId}`)).attendees);
    // And publishing to the ongoing event's attendees is allowed.
    expect((await create(payload({ eventId: ongoing, serialNumberPrefix: 'BERLANGSUNG' }))).status).toBe(201);
  });

  it("another organization's events never show; staff and finance may not search", async () => {
    expect(((await search('?name=Event Lain')).body.data.result as unknown[])).toEqual([]);
    expect((await search('', token.staff)).status).toBe(403);
    expect((await search('', token.finance)).status).toBe(403);
    expect((await search('', token.admin)).status).toBe(200);
  });
});
