import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { CERT_DEFAULTS, TEMPLATE_MAX_PIXELS } from '@eo/contract';
import type { Database } from '../../apps/api/src/db/client.js';
import { events, uploads } from '../../apps/api/src/db/schema/index.js';
import { DiskStore } from '../../apps/api/src/lib/storage/disk-store.js';
import { templateObjects } from '../../apps/api/src/modules/certificates/publish/publish.fixture.js';
import { findMembership } from '../../apps/api/src/lib/access.repository.js';
import { createUser } from '../../apps/api/src/modules/users/users.service.js';
import { createEvent, simpleEvent } from '../../apps/api/test/fixtures.js';
import { runLoad, type LoadResult } from './load.js';
import { startServer } from './server.js';

/**
 * 10 organizers preview the largest allowed template (6,000 × 4,166 = 25 MP) at once,
 * again and again, against the real server; beside them, the bare /healthz under load. Reports
 * preview p50/p95 of the answered calls, how many got 429, and the server's RSS (idle, peak).
 */
export interface PreviewLoadResult {
  clients: number; templatePixels: number; templateBytes: number; previews: number; refused: number; failed: number;
  p50: number; p95: number; max: number; idleRssMb: number; peakRssMb: number; bareIdle: LoadResult; bareDuring: LoadResult;
}

const W = 6_000;
const H = 4_166;
const CLIENTS = 10;
const statusKb = (pid: number, field: string) => Number(/(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`)) ?? '0')?.[1] ?? 0);

/** A busy 25 MP picture (gradient, frames, noise-like stripes), so decoding costs what a real one does. */
async function bigTemplate(): Promise<Buffer> {
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fdf6e3"/><stop offset="1" stop-color="#c9b48a"/></linearGradient>
  <pattern id="p" width="37" height="23" patternUnits="userSpaceOnUse"><rect width="19" height="11" fill="#8a6d3b" opacity="0.15"/></pattern></defs>
  <rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#p)"/>
  <rect x="180" y="180" width="${W - 360}" height="${H - 360}" fill="none" stroke="#8a6d3b" stroke-width="54"/>
  <text x="50%" y="900" font-size="360" text-anchor="middle" fill="#5d4037" font-family="serif">SERTIFIKAT</text></svg>`);
  return sharp(svg, { limitInputPixels: TEMPLATE_MAX_PIXELS }).jpeg({ quality: 85 }).toBuffer();
}

export async function benchPreviewLoad(database: Database, env: Record<string, string>, port: number, seconds: number): Promise<PreviewLoadResult> {
  const db = database.db;
  await database.migrate();
  const storage = new DiskStore(path.join(env.DATA_DIR!, 'files'));
  const template = await bigTemplate();
  const organizers: { email: string; eventId: string; url: string }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const email = `preview${i}@bench.id`;
    const userId = await createUser(db, { email, name: `Preview ${i}`, password: 'bench-password', roles: ['eventOrganizer'] });
    const eventId = await createEvent(db, userId, simpleEvent(`Preview Bench ${i}`, { days: -2 }));
    await db.update(events).set({ approvedStatus: 'approved' }).where(eq(events.id, eventId));
    const rel = await storage.save(template, 'jpg');
    const organizationId = (await findMembership(db, userId, undefined))!.organizationId;
    await db.insert(uploads).values({ organizationId, ownerId: userId, docType: 'CertificateTemplate', path: rel, contentType: 'image/jpeg', size: template.length, width: W, height: H });
    organizers.push({ email, eventId, url: `/files/${rel}` });
  }
  await database.close();
  const server = await startServer({ ...env, LOGIN_MAX_FAILURES_PER_IP: '100000' }, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const tokens = await Promise.all(organizers.map(async (o) => {
      const res = await fetch(`${base}/v1/login/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: o.email, password: 'bench-password', platform: 'eo_dashboard' }) });
      return ((await res.json()) as { data: { tokenData: { token: string } } }).data.tokenData.token;
    }));
    const preview = async (i: number) => {
      const o = organizers[i]!;
      const t0 = performance.now();
      const res = await fetch(`${base}/v1/certificates/preview`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}` },
        body: JSON.stringify({ eventId: o.eventId, recipientName: CERT_DEFAULTS.sampleName, templateBackgroundUrl: o.url, serialNumberPrefix: CERT_DEFAULTS.prefix, templateObjects: templateObjects(W, H) }),
      });
      await res.arrayBuffer();
      return { status: res.status, ms: performance.now() - t0 };
    };
    await preview(0); // warm-up: fonts, sharp
    const bareIdle = await runLoad({ url: `${base}/healthz`, connections: 10, seconds: 3 });
    const idleRssMb = statusKb(server.pid!, 'VmRSS') / 1024;
    let peakKb = statusKb(server.pid!, 'VmRSS');
    const sampler = setInterval(() => { peakKb = Math.max(peakKb, statusKb(server.pid!, 'VmRSS')); }, 50);
    const times: number[] = [];
    let refused = 0;
    let failed = 0;
    const until = performance.now() + seconds * 1000;
    const client = async (i: number) => {
      while (performance.now() < until) {
        const r = await preview(i);
        if (r.status === 200) times.push(r.ms);
        else if (r.status === 429) { refused++; await new Promise((s) => setTimeout(s, 1000)); } // honours Retry-After: 1
        else failed++;
      }
    };
    const [bareDuring] = await Promise.all([
      runLoad({ url: `${base}/healthz`, connections: 10, seconds: Math.min(seconds, 5) }),
      ...Array.from({ length: CLIENTS }, (_, i) => client(i)),
    ]);
    clearInterval(sampler);
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? NaN;
    return {
      clients: CLIENTS, templatePixels: W * H, templateBytes: template.length, previews: times.length, refused, failed,
      p50: at(0.5), p95: at(0.95), max: times.at(-1) ?? NaN, idleRssMb, peakRssMb: peakKb / 1024, bareIdle: bareIdle as LoadResult, bareDuring: bareDuring as LoadResult,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}
