import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERT_ATTENDEES_MSG, participantCertificatePath, TICKET_CERT_TEXT } from '@eo/contract';
import { certificateRecipients, certificates, registrants } from '../../../db/schema/index.js';
import { call } from '../../../../test/harness.js';
import { eligibleWorld, type EligibleWorld } from '../eligible/eligible.fixture.js';
import { recipientFilePaths } from '../publish/recipient-files.js';

/**
 * A participant's certificates by e-ticket code: by rules (ready, or what is missing), to
 * attendees (ready, or attendance missing), from a CSV (only when listed); their PDF (the
 * batch's file, or rendered on the request and kept); the e-ticket page's section.
 *
 * Five sessions; rules: 3 sessions and the evaluation. 0 attended 3 and answered (and checked
 * in at the door); 1 attended 3; 2 attended 1 and answered; 3 did nothing; 4 was refunded.
 */
let w: EligibleWorld;
const ids = {} as Record<'eligible' | 'attendees' | 'csv', string>;
let filesRoot: string;

beforeAll(async () => {
  w = await eligibleWorld(5);
  filesRoot = path.join(w.t.config.dataDir, 'files');
  await w.attend(0, 3);
  await w.attend(1, 3);
  await w.attend(2, 1);
  await w.answer(0);
  await w.answer(2);
  await w.db.update(registrants).set({ checkedInAt: new Date() }).where(eq(registrants.id, w.people[0]!.registrantId));
  await w.refund(4);
  const eligible = await w.create(w.payload({ minSessions: 3, evaluationRequired: true }));
  const attendees = await w.create(w.payload(null, { recipientType: 'attendees', serialNumberPrefix: 'HADIR', groupName: CERT_ATTENDEES_MSG.groupName }));
  for (const res of [eligible, attendees]) {
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await w.runJob(res.body.data.result.id);
  }
  ids.eligible = eligible.body.data.result.id;
  ids.attendees = attendees.body.data.result.id;
  // A batch not yet rendered: a row naming person 1's registration, a row with only person 2's
  // email (which anyone could register with: never shown to them), and a stranger.
  const [template] = await w.db.select().from(certificates).where(eq(certificates.id, ids.eligible));
  const [csv] = await w.db.insert(certificates).values({
    organizationId: template!.organizationId, creatorId: template!.creatorId, eventId: w.eventId, status: 'published', recipientType: 'csv',
    templateBackgroundUrl: template!.templateBackgroundUrl, serialNumberPrefix: 'CSV', groupName: 'Panitia', templateObjects: template!.templateObjects, totalRecipient: 3,
  }).returning({ id: certificates.id });
  ids.csv = csv!.id;
  await w.db.insert(certificateRecipients).values([
    { certificateId: ids.csv, position: 1, serial: 'CSV-001', name: 'Peserta 1', email: 'layak1@contoh.id', verifyToken: 'token-csv-1', registrantId: w.people[1]!.registrantId },
    { certificateId: ids.csv, position: 2, serial: 'CSV-002', name: 'Orang Lain', email: 'lain@contoh.id', verifyToken: 'token-csv-2' },
    { certificateId: ids.csv, position: 3, serial: 'CSV-003', name: 'Peserta 2', email: 'LAYAK2@Contoh.id', verifyToken: 'token-csv-3' },
  ]);
}, 60_000);
afterAll(() => w?.close());

const list = async (i: number) => {
  const res = await call(w.t.app, { method: 'GET', url: `/v1/public/tickets/${w.people[i]!.ticketCode}/certificates` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.result as { certificateId: string; status: string; missing: string[]; sessionsNeeded: number; downloadUrl?: string }[];
};
const entry = async (i: number, which: keyof typeof ids) => (await list(i)).find((c) => c.certificateId === ids[which]);
const pdf = (i: number, certificateId: string) => w.t.app.inject({ method: 'GET', url: participantCertificatePath(w.people[i]!.ticketCode, certificateId) });

describe('GET /v1/public/tickets/:ticketCode/certificates', () => {
  it('by rules: ready for who meets them, else what is missing', async () => {
    expect(await entry(0, 'eligible')).toMatchObject({ status: 'ready', missing: [], downloadUrl: participantCertificatePath(w.people[0]!.ticketCode, ids.eligible) });
    expect(await entry(1, 'eligible')).toEqual(expect.objectContaining({ status: 'not_yet', missing: ['evaluation'], sessionsNeeded: 3 }));
    expect(await entry(2, 'eligible')).toEqual(expect.objectContaining({ status: 'not_yet', missing: ['sessions'], sessionsNeeded: 3 }));
    expect(await entry(3, 'eligible')).toEqual(expect.objectContaining({ status: 'not_yet', missing: ['evaluation', 'sessions'] }));
    expect((await entry(3, 'eligible'))!.downloadUrl).toBeUndefined();
  });

  it('to attendees: ready when attended and issued, else attendance missing; a batch only where a row names the registration', async () => {
    expect(await entry(0, 'attendees')).toMatchObject({ status: 'ready', missing: [] });
    expect(await entry(1, 'attendees')).toMatchObject({ status: 'not_yet', missing: ['sessions'] });
    expect(await entry(0, 'csv')).toBeUndefined();
    expect(await entry(1, 'csv')).toMatchObject({ status: 'ready', name: `Seminar Lima Sesi · Panitia` });
    // A row with only the registration's email: someone registering with another's address gets nothing.
    expect(await entry(2, 'csv')).toBeUndefined();
    expect((await pdf(2, ids.csv)).statusCode).toBe(404);
  });

  it('a registration that is no longer a participant sees nothing to earn; an unknown code is 404', async () => {
    expect(await list(4)).toEqual([]);
    expect((await call(w.t.app, { method: 'GET', url: '/v1/public/tickets/AAAAAAAAAAAAAAAAAAAAAA/certificates' })).status).toBe(404);
    expect((await call(w.t.app, { method: 'GET', url: '/v1/public/tickets/x/certificates' })).status).toBe(404);
  });
});

describe('the certificate PDF', () => {
  it('serves the batch\'s file to its holder only', async () => {
    const res = await pdf(0, ids.eligible);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Sertifikat-LAYAK-001.pdf"');
    // The publish job here ran a stand-in renderer: its file is served as it is.
    expect(res.body).toMatch(/^%PDF-fake /);
    expect((await pdf(1, ids.eligible)).statusCode).toBe(404);
    expect((await pdf(3, ids.csv)).statusCode).toBe(404);
    expect((await pdf(0, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('renders one not rendered yet on the request, with its verify link, and keeps it', async () => {
    const [row] = await w.db.select().from(certificateRecipients).where(and(eq(certificateRecipients.certificateId, ids.csv), eq(certificateRecipients.serial, 'CSV-001')));
    expect(row!.renderedAt).toBeNull();
    const res = await pdf(1, ids.csv);
    expect(res.statusCode).toBe(200);
    const body = res.rawPayload;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    // The verify URL (serial and its token), as the PDF names it (and its QR and link carry it).
    expect((await PDFDocument.load(body)).getSubject()).toContain(`${w.t.config.publicUrl}/verify/CSV-001?t=token-csv-1`);
    const [after] = await w.db.select().from(certificateRecipients).where(eq(certificateRecipients.id, row!.id));
    expect(after).toMatchObject({ pdfPath: recipientFilePaths(ids.csv, 'CSV-001').pdf, mailedAt: null });
    expect(after!.renderedAt).not.toBeNull();
    // Kept: served again from the file, byte for byte.
    expect((await pdf(1, ids.csv)).rawPayload.equals(body)).toBe(true);
    // Its file gone, several downloads at once share one render and all get it (the bench times it).
    await rm(path.join(filesRoot, recipientFilePaths(ids.csv, 'CSV-001').pdf));
    const together = await Promise.all(Array.from({ length: 5 }, () => pdf(1, ids.csv)));
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(together.every((r) => r.rawPayload.subarray(0, 5).toString() === '%PDF-')).toBe(true);
  });
});

describe('the e-ticket page', () => {
  const page = async (i: number) => (await w.t.app.inject({ method: 'GET', url: `/e/${w.eventId}/ticket/${w.people[i]!.ticketCode}` })).body;

  it('lists the certificates: a download link when ready, else what is missing in Indonesian', async () => {
    const ready = await page(0);
    expect(ready).toContain(`<h2>${TICKET_CERT_TEXT.title}</h2>`);
    expect(ready).toContain(`href="${participantCertificatePath(w.people[0]!.ticketCode, ids.eligible)}" download`);
    const missing = await page(3);
    expect(missing).toContain('Syarat yang belum terpenuhi: isi evaluasi, hadir minimal 3 sesi');
    expect(missing).toContain('Syarat yang belum terpenuhi: hadir di event');
    expect(await page(4)).not.toContain(`<h2>${TICKET_CERT_TEXT.title}</h2>`);
  });

  it('has no section while the event\'s certificates are drafted', async () => {
    const given = await w.db.select({ id: certificates.id, status: certificates.status }).from(certificates).where(eq(certificates.eventId, w.eventId));
    try {
      await w.db.update(certificates).set({ status: 'drafted' }).where(eq(certificates.eventId, w.eventId));
      expect(await page(0)).not.toContain(`<h2>${TICKET_CERT_TEXT.title}</h2>`);
    } finally {
      for (const c of given) await w.db.update(certificates).set({ status: c.status }).where(eq(certificates.id, c.id));
    }
    expect(await page(0)).toContain(`<h2>${TICKET_CERT_TEXT.title}</h2>`);
  });
});
