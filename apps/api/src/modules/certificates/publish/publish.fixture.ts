import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { TemplateObject } from '@eo/contract';
import { callerFor, createEvent, createUsers, simpleEvent } from '../../../../test/fixtures.js';
import type { Db } from '../../../db/client.js';
import { certificates, events, uploads } from '../../../db/schema/index.js';
import { DiskStore } from '../../../lib/storage/disk-store.js';
import { createMailer } from '../../../lib/mailer.js';
import type { PublishDeps } from './publish-certificate.job.js';

/** Test-only: a creator, an event, and a place on disk for certificate publishing tests. */
export const EVENT_NAME = 'Seminar Nasional Data 2026';
export const PUBLIC_URL = 'https://eo.contoh.id';
export const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function publishWorld(db: Db) {
  const { org1 } = await createUsers(db);
  const eventId = await createEvent(db, org1, simpleEvent(EVENT_NAME, { days: -3 }));
  // Publishing needs a published, approved event.
  await db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, eventId));
  const organizationId = (await callerFor(db, org1)).organizationId!;
  return { creatorId: org1, organizationId, eventId };
}
export type World = Awaited<ReturnType<typeof publishWorld>>;

/** Storage and an outbox mailer in a fresh folder; `deps` wires them into the job. */
export function publishPlace(db: Db, extra: Partial<PublishDeps> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-publish-'));
  const storage = new DiskStore(path.join(dataDir, 'files'));
  const mailer = createMailer({ mailFrom: 'EO <no-reply@eo.contoh.id>', dataDir });
  const deps: PublishDeps = { db, storage, mailer, publicUrl: PUBLIC_URL, ...extra };
  return {
    dataDir, storage, mailer, deps,
    /** Names of the finished files of one certificate (no `.part` leftovers counted). */
    files: async (certificateId: string) => (await readdir(path.join(dataDir, 'files', 'certificates', certificateId)).catch(() => [])),
    close: () => { mailer.close(); rmSync(dataDir, { recursive: true, force: true }); },
  };
}

export const templateObjects = (w: number, h: number): TemplateObject[] => [
  { key: 'recipientName', placeholder: { start: [w * 0.15, h * 0.4], end: [w * 0.85, h * 0.55] }, anchor: { horizontal: 'middle', vertical: 'middle' },
    textStyle: { font: 'Quicksand', size: 48, color: '1A237E', charLength: 40 }, type: 'text' },
  { key: 'serialNumber', placeholder: { start: [w * 0.3, h * 0.7], end: [w * 0.7, h * 0.78] }, anchor: { horizontal: 'middle', vertical: 'middle' },
    textStyle: { font: 'Poppins', size: 24, color: '000000', charLength: 30 }, type: 'text' },
];

/** `n` recipients as a CSV, with quoted names holding commas, and the same list as data. */
export function recipientsCsv(n: number, tag: string) {
  const people = Array.from({ length: n }, (_, i) => ({
    name: i % 7 === 0 ? `Peserta ${i + 1}, S.T.` : `Peserta ${i + 1}`,
    email: `${tag}${i + 1}@contoh.id`,
  }));
  const lines = people.map((p) => `"${p.name}",${p.email},Jakarta`);
  return { people, csv: `\uFEFFNama Lengkap,Email,Kota\n${lines.join('\n')}\n` };
}

/**
 * A certificate in `publishing`, as the lead's service leaves it: a landscape template and the
 * CSV stored as uploads of the creator.
 */
export async function publishingCertificate(db: Db, storage: DiskStore, world: World, opts: { csv: string; prefix: string; width?: number; height?: number }) {
  const [w, h] = [opts.width ?? 800, opts.height ?? 566];
  const png = await sharp({ create: { width: w, height: h, channels: 3, background: '#f4efe2' } }).png().toBuffer();
  const templatePath = await storage.save(png, 'png');
  const csvPath = await storage.save(Buffer.from(opts.csv), 'csv');
  await db.insert(uploads).values({ organizationId: world.organizationId, ownerId: world.creatorId, docType: 'CertificateTemplate', path: templatePath, contentType: 'image/png', size: png.length, width: w, height: h });
  const [csvUpload] = await db.insert(uploads)
    .values({ organizationId: world.organizationId, ownerId: world.creatorId, docType: 'CSV', path: csvPath, contentType: 'text/csv; charset=utf-8', originalName: 'peserta.csv', size: opts.csv.length })
    .returning({ id: uploads.id });
  const [row] = await db.insert(certificates).values({
    organizationId: world.organizationId,
    creatorId: world.creatorId,
    eventId: world.eventId,
    status: 'publishing',
    recipientType: 'csv',
    recipientCsv: {
      fileUrl: `/v1/files/${csvUpload!.id}`, fileName: 'peserta.csv', recipientNameColumn: 'Nama Lengkap', recipientEmailColumn: 'Email',
      totalRecipient: opts.csv.trim().split('\n').length - 1, columns: ['Nama Lengkap', 'Email', 'Kota'],
    },
    totalRecipient: opts.csv.trim().split('\n').length - 1,
    templateBackgroundUrl: `/files/${templatePath}`,
    serialNumberPrefix: opts.prefix,
    templateObjects: templateObjects(w, h),
  }).returning({ id: certificates.id });
  return row!.id;
}

/** A fast stand-in renderer for tests about the queue, not the pictures. */
export const fakeRenderer: NonNullable<PublishDeps['renderer']> = {
  renderCertificate: async (input) => ({ png: Buffer.from(`png ${input.texts.serialNumber}`), jpeg: Buffer.from('jpeg'), width: 800, height: 566 }),
  certificatePdf: async (input) => Buffer.from(`%PDF-fake ${input.link}`),
};
