import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { CERT_DEFAULTS, CERT_MSG, CERT_OWN_MSG, fill, type CertificatePayload, type TemplateObject } from '@eo/contract';
import { certificateRecipients, certificates, events, jobs } from '../../db/schema/index.js';
import { PREVIEW_MAX_PIXELS } from './render/render-certificate.js';
import { call, type TestApp } from '../../../test/harness.js';
import { callerFor, createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
import { file, image, multipartBody } from '../../../test/multipart.js';

let t: TestApp;
let tokens: { org1: string; org2: string; admin: string };
let ids: Record<string, string>;
let eventId: string;
let template: string;
let csv: CertificatePayload['recipientCsv'];

async function upload(docType: string, part: Parameters<typeof multipartBody>[0][number], token = tokens.org1) {
  const { payload, headers } = multipartBody([{ name: 'docType', value: docType }, part]);
  const res = await call(t.app, { method: 'POST', url: '/v1/upload', payload, headers, token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.url as string;
}

const box = (key: TemplateObject['key'], start: [number, number], end: [number, number], size: number, charLength: number): TemplateObject => ({
  key, placeholder: { start, end }, anchor: { horizontal: 'middle', vertical: 'middle' },
  textStyle: { font: CERT_DEFAULTS.font, size, color: CERT_DEFAULTS.color, charLength }, type: 'text',
});
const objects = () => [box('recipientName', [100, 250], [700, 350], 60, 24), box('serialNumber', [250, 400], [550, 450], 30, 30)];
const payload = (over: Partial<CertificatePayload> = {}): CertificatePayload => ({
  isDraft: true, eventId, recipientType: 'csv', recipientCsv: csv, templateBackgroundUrl: template,
  serialNumberPrefix: 'SERT-2026', groupName: 'Peserta', templateObjects: objects(), ...over,
});
const save = (body: unknown, token = tokens.org1, id?: string) =>
  call(t.app, { method: id ? 'PUT' : 'POST', url: id ? `/v1/certificates/${id}` : '/v1/certificates', payload: body as object, token });

beforeAll(async () => {
  ({ t, ids, ...tokens } = await createTeamApp({ PREVIEW_CONCURRENCY: '2', PREVIEW_PER_ORGANIZER: '1', PREVIEW_WAIT_MS: '0', CERT_RECIPIENTS_PER_DAY: '5' }));
  eventId = await createEvent(t.database.db, ids.org1, simpleEvent('Seminar Bersertifikat', { days: -2 }));
  await t.database.db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, eventId));
  template = await upload('CertificateTemplate', file(await image(800, 566), 'template.png', 'image/png'));
  const csvUrl = await upload('CSV', file(Buffer.from('Nama,Email\nSari,sari@contoh.id\nBudi,budi@contoh.id\n'), 'peserta.csv', 'text/csv'));
  csv = { fileUrl: csvUrl, fileName: 'peserta.csv', recipientNameColumn: 'Nama', recipientEmailColumn: 'Email', totalRecipient: 2, columns: ['Nama', 'Email'] };
});
afterAll(() => t.close());

describe('certificates: save, edit, publish', () => {
  it('a draft needs its template; publishing needs everything (Missing this fields: …)', async () => {
    const noTemplate = await save(payload({ templateBackgroundUrl: null }));
    expect([noTemplate.status, noTemplate.body.message]).toEqual([400, 'Missing this fields: Template Image']);
    const publish = await save(payload({ isDraft: false, eventId: null, serialNumberPrefix: null, recipientCsv: null }));
    expect(publish.body.message).toBe('Missing this fields: Event, Serial Number, CSV File');
    const draft = await save(payload({ eventId: null, recipientCsv: null, serialNumberPrefix: null }));
    expect(draft.status).toBe(201);
    expect(draft.body.message).toBe(CERT_MSG.draftCreated);
    expect(draft.body.data.result).toMatchObject({ status: 'drafted', event: null, totalRecipient: 0 });
  });

  it('field rules speak the spec: font, colour, sizes and lengths', async () => {
    const bad = objects();
    bad[0].textStyle = { ...bad[0].textStyle, font: 'Comic' as never };
    expect((await save(payload({ templateObjects: bad }))).body.errors).toContainEqual(expect.objectContaining({ message: CERT_MSG.fontStyle }));
    const noColor = objects();
    noColor[1].textStyle = { ...noColor[1].textStyle, color: 'red' };
    expect((await save(payload({ templateObjects: noColor }))).body.errors).toContainEqual(expect.objectContaining({ message: CERT_MSG.fontColor }));
  });

  it('someone else\'s event, template or CSV is refused; another organizer sees 404', async () => {
    const other = await createEvent(t.database.db, ids.org2, simpleEvent('Punya Orang Lain', { days: -2 }));
    expect((await save(payload({ eventId: other }))).body).toMatchObject({ message: CERT_OWN_MSG.eventNotFound });
    const theirs = await upload('CertificateTemplate', file(await image(800, 566), 't.png', 'image/png'), tokens.org2);
    expect((await save(payload({ templateBackgroundUrl: theirs }))).body.message).toBe(CERT_OWN_MSG.templateUnreadable);
    expect((await save(payload({ recipientCsv: { ...csv!, recipientNameColumn: 'Nama Lengkap' } }))).body.message).toBe('Kolom Nama Lengkap tidak ada di file CSV');

    const mine = (await save(payload())).body.data.result.id;
    expect((await call(t.app, { method: 'GET', url: `/v1/certificates/${mine}`, token: tokens.org2 })).status).toBe(404);
    // One statement reads it with its event's name and progress, in the organization's shape and the platform's.
    const own = await call(t.app, { method: 'GET', url: `/v1/certificates/${mine}`, token: tokens.org1 });
    expect(own.body.data.result).toMatchObject({ id: mine, status: 'drafted', event: { id: eventId, name: 'Seminar Bersertifikat' }, progress: { done: 0, total: 2, failed: 0 } });
    const byAdmin = await call(t.app, { method: 'GET', url: `/v1/certificates/${mine}`, token: tokens.admin });
    expect(byAdmin.body.data.result).toEqual(own.body.data.result);
    const adminList = await call(t.app, { method: 'GET', url: '/v1/certificates?limit=100', token: tokens.admin });
    expect(adminList.body.data.docs.find((d: { id: string }) => d.id === mine)).toEqual(own.body.data.result);
    expect((await save(payload(), tokens.org2, mine)).status).toBe(404);
    const list = await call(t.app, { method: 'GET', url: '/v1/certificates', token: tokens.org2 });
    expect(list.body.data.docs.map((d: { id: string }) => d.id)).not.toContain(mine);
    const preview = await call(t.app, { method: 'POST', url: '/v1/certificates/preview', token: tokens.org2, payload: { eventId, recipientName: 'X', templateBackgroundUrl: template, serialNumberPrefix: 'A', templateObjects: objects() } });
    expect(preview.status).toBe(400);
  });

  it('publishing moves to publishing and queues one job; a published certificate cannot be edited', async () => {
    const id = (await save(payload())).body.data.result.id;
    const res = await save(payload({ isDraft: false }), tokens.org1, id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CERT_MSG.edited);
    expect(res.body.data.result).toMatchObject({ status: 'publishing', event: { id: eventId, name: 'Seminar Bersertifikat' }, totalRecipient: 2, progress: { done: 0, total: 2 } });
    const queued = (await t.database.db.select().from(jobs)).filter((j) => (j.payload as { certificateId: string }).certificateId === id);
    expect(queued).toHaveLength(1);
    const again = await save(payload(), tokens.org1, id);
    expect([again.status, again.body.message]).toEqual([409, CERT_OWN_MSG.notDrafted]);

    const published = await save(payload({ isDraft: false }));
    expect([published.status, published.body.message]).toEqual([201, CERT_MSG.created]);
    const filtered = await call(t.app, { method: 'GET', url: `/v1/certificates?filters=${encodeURIComponent('{"status":"publishing"}')}`, token: tokens.org1 });
    expect(filtered.body.data.docs.every((d: { status: string }) => d.status === 'publishing')).toBe(true);
    expect(filtered.body.data.totalDocs).toBe(2);
    await t.database.db.delete(jobs).where(eq(jobs.kind, 'certificate.publish'));
  });
});

describe('preview', () => {
  it('renders the template with the sample name and the first serial as a PNG data URL', async () => {
    const res = await call(t.app, {
      method: 'POST', url: '/v1/certificates/preview', token: tokens.org1,
      payload: { eventId, recipientName: CERT_DEFAULTS.sampleName, templateBackgroundUrl: template, serialNumberPrefix: CERT_DEFAULTS.prefix, templateObjects: objects() },
    });
    expect(res.status).toBe(200);
    const data: string = res.body.data.data.result.data;
    expect(data.startsWith('data:image/png;base64,')).toBe(true);
    expect(Buffer.from(data.split(',')[1], 'base64').subarray(1, 4).toString()).toBe('PNG');
    const missing = await call(t.app, { method: 'POST', url: '/v1/certificates/preview', token: tokens.org1, payload: { recipientName: 'X', templateObjects: objects() } });
    expect(missing.body.message).toBe('Missing this fields: Template Image, Event, Serial Number');
  });
});

describe('verification page', () => {
  it('an unknown serial is a 404 page that says so, public, escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/verify/%3Cscript%3E' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('&#60;script&#62;');
    expect(res.body).not.toContain('<script>');
    expect((await t.app.inject({ method: 'GET', url: '/v1/certificates/verify/NOPE' })).statusCode).toBe(404);
  });
});

describe('abuse limits', () => {
  it('publishing needs a published, approved event; a draft or pending event is refused, saving a draft is not', async () => {
    for (const [isDraft, approvedStatus] of [[true, 'approved'], [false, 'pending'], [false, 'rejected']] as const) {
      const other = await createEvent(t.database.db, ids.org1, simpleEvent(`Belum Disetujui ${approvedStatus}`, { days: -2, draft: isDraft }));
      await t.database.db.update(events).set({ approvedStatus }).where(eq(events.id, other));
      const res = await save(payload({ isDraft: false, eventId: other }));
      expect([res.status, res.body.message]).toEqual([400, CERT_OWN_MSG.eventNotPublished]);
      expect((await save(payload({ eventId: other }))).status).toBe(201);
    }
  });

  it('a publish that would pass the organizer\'s daily recipients is refused at once (429), saying how many are left', async () => {
    const res = await save(payload({ isDraft: false, recipientCsv: { ...csv!, totalRecipient: 6 } }));
    expect([res.status, res.body.message]).toEqual([429, fill(CERT_OWN_MSG.dailyLimit, { limit: 5, left: 5 })]);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('the early refusal counts what the organization already sent today, as the job does', async () => {
    // Three certificates sent an hour ago from one of the organization's batches.
    const [batch] = await t.database.db.select({ id: certificates.id }).from(certificates).limit(1);
    await t.database.db.insert(certificateRecipients).values([1, 2, 3].map((position) => ({
      certificateId: batch!.id, position, serial: `TERKIRIM-${position}`, name: 'Terkirim', email: `terkirim${position}@contoh.id`,
      verifyToken: `token-${position}`, createdAt: new Date(Date.now() - 3_600_000),
    })));
    const sent = 3;
    const res = await save(payload({ isDraft: false, recipientCsv: { ...csv!, totalRecipient: 5 - sent + 1 } }));
    expect([res.status, res.body.message]).toEqual([429, fill(CERT_OWN_MSG.dailyLimit, { limit: 5, left: 5 - sent })]);
  });

  it('previews: one at a time per organizer here; the excess gets 429 with Retry-After, another organizer is not blocked', async () => {
    const body = { eventId, recipientName: 'Ayu', templateBackgroundUrl: template, serialNumberPrefix: 'A', templateObjects: objects() };
    const many = await Promise.all(Array.from({ length: 3 }, () => call(t.app, { method: 'POST', url: '/v1/certificates/preview', token: tokens.org1, payload: body })));
    const statuses = many.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    const busy = many.filter((r) => r.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0]!.headers['retry-after']).toBe('1');
    expect(busy[0]!.body.message).toBe(fill(CERT_OWN_MSG.previewBusy, { seconds: 1 }));
  });

  it('a preview of the largest allowed template is drawn at a bounded size (at most 4 MP)', async () => {
    const big = await upload('CertificateTemplate', file(await image(6_000, 4_166), 'big.png', 'image/png'));
    const res = await call(t.app, {
      method: 'POST', url: '/v1/certificates/preview', token: tokens.org1,
      payload: { eventId, recipientName: 'Ayu', templateBackgroundUrl: big, serialNumberPrefix: 'A', templateObjects: objects() },
    });
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(res.body.data.data.result.data.split(',')[1], 'base64')).metadata();
    expect(meta.width! * meta.height!).toBeLessThanOrEqual(PREVIEW_MAX_PIXELS);
    expect(meta.width! / meta.height!).toBeCloseTo(6_000 / 4_166, 2);
  });

  it('verify: the token shows the certificate; a bare or wrong-token serial only says it exists; typed text stays text', async () => {
    const db = t.database.db;
    const [cert] = await db.insert(certificates).values({ organizationId: (await callerFor(db, ids.org1)).organizationId!, creatorId: ids.org1, eventId, status: 'published' }).returning({ id: certificates.id });
    const token = 'tok_abcdefghijklmnopqrstu';
    await db.insert(certificateRecipients).values({
      certificateId: cert!.id, position: 1, serial: 'VER-2026-001', name: '<a href="https://evil.example">Klik</a>', email: 'x@contoh.id', verifyToken: token,
      renderedAt: new Date(), mailedAt: new Date(),
    });
    const full = await t.app.inject({ method: 'GET', url: `/verify/VER-2026-001?t=${token}` });
    expect(full.statusCode).toBe(200);
    expect(full.body).toContain('&#60;a href=&#34;https://evil.example&#34;&#62;Klik&#60;/a&#62;');
    expect(full.body).not.toMatch(/<a\b/);
    // Same character count, more bytes (é): still a plain "exists", not a 500.
    for (const url of ['/verify/VER-2026-001', '/verify/VER-2026-001?t=tok_abcdefghijklmnopqrstv', '/verify/VER-2026-001?t=x', `/verify/VER-2026-001?t=${encodeURIComponent('tok_abcdefghijklmnopqrsté')}`]) {
      const bare = await t.app.inject({ method: 'GET', url });
      expect(bare.statusCode, url).toBe(200);
      expect(bare.body).toContain('terdaftar di EO Dashboard');
      expect(bare.body).not.toContain('Klik');
      expect(bare.body).not.toContain('Seminar Bersertifikat');
    }
    const api = (q: string) => t.app.inject({ method: 'GET', url: `/v1/certificates/verify/VER-2026-001${q}` }).then((r) => r.json());
    expect((await api('')).data.result).toEqual({ serial: 'VER-2026-001', withToken: false });
    expect((await api(`?t=${token}`)).data.result).toMatchObject({ withToken: true, recipientName: '<a href="https://evil.example">Klik</a>', eventName: 'Seminar Bersertifikat' });
  });
});
