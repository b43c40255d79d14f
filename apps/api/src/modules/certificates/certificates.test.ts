import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERT_DEFAULTS, CERT_MSG, CERT_OWN_MSG, type CertificatePayload, type TemplateObject } from '@eo/contract';
import { jobs } from '../../db/schema/index.js';
import { call, type TestApp } from '../../../test/harness.js';
import { createEvent, createTeamApp, simpleEvent } from '../../../test/fixtures.js';
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
  ({ t, ids, ...tokens } = await createTeamApp());
  eventId = await createEvent(t.database.db, ids.org1, simpleEvent('Seminar Bersertifikat', { days: -2 }));
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
