import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase, type Database, type Db } from '../src/db/client.js';
import { jobs } from '../src/db/schema/index.js';
import { readOutbox } from '../src/lib/mailer.js';
import { templateObjects } from '../src/modules/certificates/publish/publish.fixture.js';
import { pollUntil } from './poll.js';
import { createScratchDatabase, testServerUrl } from './scratch-database.js';
import { request, type ServerOptions } from './server-process.js';

/**
 * The data of the real-process suites (crash safety, scale-out): a DATA_DIR and a fresh scratch
 * database on the test server, which the servers use as DATABASE_URL. `open()` gives the test
 * its own handle on it.
 */
export const JWT_SECRET = 'real-server-test-secret-0123456789-abcdefghijklmnop';
export const PLATFORM_KEY = 'real-server-platform-key';

export interface World {
  dataDir: string;
  databaseUrl: string;
  open(): Promise<Database>;
  /** Runs `work` on a fresh handle and closes it. */
  withDb<T>(work: (db: Db) => Promise<T>): Promise<T>;
  serverOptions(env?: Record<string, string>): ServerOptions;
  remove(): Promise<void>;
}

export async function createWorld(prefix: string): Promise<World> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `eo-${prefix}-`));
  const scratch = await createScratchDatabase(testServerUrl(), `eo_${prefix}`);
  const open = () => openDatabase({ url: scratch.url, poolSize: 2 });
  return {
    dataDir,
    databaseUrl: scratch.url,
    open,
    async withDb(work) {
      const database = await open();
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    serverOptions: (env = {}) => ({
      dataDir,
      databaseUrl: scratch.url,
      env: { JWT_SECRET, PLATFORM_API_KEY: PLATFORM_KEY, SEED_DEMO: '0', LOG_LEVEL: 'warn', ...env },
    }),
    async remove() {
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends a file to `POST /v1/upload` as the web app does; returns its url. */
export async function upload(base: string, token: string, docType: string, name: string, type: string, data: Buffer): Promise<string> {
  const form = new FormData();
  form.append('docType', docType);
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const res = await request(base, '/v1/upload', { body: form, token });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.url as string;
}

/** Uploads a small template and a CSV of `n` recipients and publishes a certificate of the event; returns its id. */
export async function publishCertificate(base: string, token: string, eventId: string, n: number, prefix: string): Promise<string> {
  const [w, h] = [800, 566];
  const png = await sharp({ create: { width: w, height: h, channels: 3, background: { r: 253, g: 246, b: 227 } } }).png().toBuffer();
  const template = await upload(base, token, 'CertificateTemplate', 'template.png', 'image/png', png);
  const csv = `Nama,Email\n${Array.from({ length: n }, (_, i) => `Peserta ${i + 1},peserta${i + 1}@contoh.id`).join('\n')}\n`;
  const csvUrl = await upload(base, token, 'CSV', 'peserta.csv', 'text/csv', Buffer.from(csv));
  const res = await request(base, '/v1/certificates', {
    token,
    body: {
      isDraft: false, eventId, recipientType: 'csv', templateBackgroundUrl: template, serialNumberPrefix: prefix, groupName: 'Peserta',
      recipientCsv: { fileUrl: csvUrl, fileName: 'peserta.csv', recipientNameColumn: 'Nama', recipientEmailColumn: 'Email', totalRecipient: n, columns: ['Nama', 'Email'] },
      templateObjects: templateObjects(w, h),
    },
  });
  if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.result.id as string;
}

export async function certificateState(base: string, token: string, id: string): Promise<{ status: string; progress: { done: number; total: number; failed: number } }> {
  const res = await request(base, `/v1/certificates/${id}`, { token });
  if (res.status !== 200) throw new Error(`certificate ${id}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.result;
}

/** Polls until `ok(state)` (or the time runs out, answering the last state). */
export const pollCertificate = (base: string, token: string, id: string, ok: (s: Awaited<ReturnType<typeof certificateState>>) => boolean, timeoutMs: number, everyMs = 100) =>
  pollUntil(() => certificateState(base, token, id), ok, timeoutMs, everyMs);

/**
 * The publish job of certificate `id` once it has left `running`: the worker marks the job done
 * in its own statement after the batch's last write, so the certificate reads published first.
 */
export const finishedPublishJob = (db: Db, id: string, timeoutMs = 10_000) => pollUntil(
  async () => (await db.select().from(jobs).where(sql`${jobs.payload}->>'certificateId' = ${id}`))[0],
  (job) => job !== undefined && job.status !== 'running', timeoutMs, 50,
);

export const serials = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(Math.max(3, String(n).length), '0')}`);

/** What a publish left on disk: finished files of the batch, anything else in its folder, and the serials of `prefix` mailed. */
export async function certificateOutput(dataDir: string, certificateId: string, prefix: string) {
  const names = await readdir(path.join(dataDir, 'files', 'certificates', certificateId)).catch(() => [] as string[]);
  const mails = (await readOutbox(dataDir)).filter((m) => path.basename(m.file).startsWith('k-certificate-'));
  const mailedSerials = mails.map((m) => /Nomor sertifikat: (\S+)/.exec(m.text)?.[1] ?? '').filter((s) => s.startsWith(`${prefix}-`));
  return {
    png: names.filter((n) => n.endsWith('.png')).map((n) => n.slice(0, -4)).sort(),
    pdf: names.filter((n) => n.endsWith('.pdf')).map((n) => n.slice(0, -4)).sort(),
    leftovers: names.filter((n) => !n.endsWith('.png') && !n.endsWith('.pdf')),
    mailedSerials: mailedSerials.sort(),
  };
}

/** Every file under the data folder except the embedded database's own (`pg/`), relative and sorted. */
export async function dataFiles(dataDir: string): Promise<string[]> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)))
    .filter((rel) => !rel.startsWith(`pg${path.sep}`))
    .sort();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work(i)` for i in 0..n-1 with at most `width` at once. */
export async function pool<T>(n: number, width: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < n) {
      const i = next++;
      out[i] = await work(i);
    }
  }));
  return out;
}
