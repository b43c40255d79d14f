/**
 * Participant export benchmark: one event with 100,000 registrants (bulk SQL), downloaded
 * once as CSV through HTTP from a freshly spawned server. Reports time, rows/s and the
 * server's peak RSS (VmHWM of /proc/<pid>/status: the kernel's own high-water mark).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client.js';
import { hashPassword } from '../../apps/api/src/modules/auth/auth.service.js';
import { startServer } from './server.js';

const EMAIL = 'export-bench@demo.id';
const PASSWORD = 'bench-password';

export interface ExportBenchResult {
  rows: number;
  bytes: number;
  seedSeconds: number;
  /** Request sent to last byte received. */
  seconds: number;
  rowsPerSecond: number;
  /** Server RSS once started and signed in, before the export. */
  idleRssMb: number;
  /** Highest RSS sampled (every 10 ms) while the export ran. */
  exportPeakRssMb: number;
  /** Highest RSS the server process ever reached (VmHWM), start-up included. */
  peakRssMb: number;
}

/** Bulk seed: an organizer, a paid event with one ticket and two questions, `n` registrants with two answers each. */
async function seed(db: Database['db'], n: number): Promise<string> {
  const hash = await hashPassword(PASSWORD);
  await db.execute(sql`insert into users (email, password_hash, name, roles) values (${EMAIL}, ${hash}, 'Export Bench', array['eventOrganizer'])`);
  const [event] = (await db.execute(sql`
    insert into events (creator_id, name, type, is_draft, is_paid_event, approved_status, registration_method)
    select id, 'Lomba Export Bench', 'Lomba', false, true, 'approved', 'internal' from users where email = ${EMAIL}
    returning id`) as unknown as { rows: { id: string }[] }).rows;
  await db.execute(sql`insert into tickets (event_id, name, type, price) values (${event.id}, 'Reguler', 'paid', 50000)`);
  await db.execute(sql`
    insert into registration_questions (event_id, name, type, step_order_number)
    values (${event.id}, 'Asal sekolah', 'text', 1), (${event.id}, 'Minat', 'checkbox', 2)`);
  await db.execute(sql`
    insert into registrants (event_id, ticket_id, name, email, phone_number, last_education, gender, created_at)
    select e.id, t.id, 'Peserta Ke-' || g, 'peserta' || g || '@contoh.id', '0812' || lpad(g::text, 8, '0'), 'S1',
           case when g % 2 = 0 then 'Perempuan' else 'Laki-laki' end, now() - interval '30 days' + g * interval '10 ms'
    from events e join tickets t on t.event_id = e.id cross join generate_series(1, ${n}) g
    where e.id = ${event.id}`);
  await db.execute(sql`
    insert into registrant_answers (registrant_id, question_id, value)
    select r.id, q.id, case when q.type = 'text' then to_jsonb('SMA Negeri ' || (length(r.email) * 7)) else '["Debat", "Esai"]'::jsonb end
    from registrants r cross join registration_questions q
    where r.event_id = ${event.id} and q.event_id = ${event.id}`);
  await db.execute(sql`analyze`);
  return event.id;
}

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0);
};


/**
 * Migrates and seeds `target.database`, then closes it (the embedded one stops with it), spawns the
 * server on `port` with `target.env` (DATA_DIR / DATABASE_URL of the same database; a
 * JWT_SECRET is made up when absent), downloads the export once and stops the server.
 * Use a fresh database: the seed expects none of its rows.
 */
export async function benchExport(
  target: { database: Database; env: Record<string, string> }, port: number, rows = 100_000,
): Promise<ExportBenchResult> {
  const t0 = performance.now();
  await target.database.migrate();
  const eventId = await seed(target.database.db, rows);
  await target.database.close();
  const seedSeconds = (performance.now() - t0) / 1000;

  const server = await startServer(target.env, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/v1/login/email`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD, platform: 'eo_dashboard' }),
    });
    const token = ((await login.json()) as { data: { tokenData: { token: string } } }).data.tokenData.token;
    const idleRssMb = statusKb(server.pid!, 'VmRSS') / 1024;

    let sampled = 0;
    const sampler = setInterval(() => { sampled = Math.max(sampled, statusKb(server.pid!, 'VmRSS')); }, 10);
    const started = performance.now();
    const res = await fetch(`${base}/v1/event-regist/export?eventId=${eventId}&format=csv`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const exported = lines - 1; // the header line
    if (exported !== rows) throw new Error(`expected ${rows} rows, got ${exported}`);
    return {
      rows: exported, bytes, seedSeconds, seconds, rowsPerSecond: exported / seconds,
      idleRssMb, exportPeakRssMb: sampled / 1024, peakRssMb: statusKb(server.pid!, 'VmHWM') / 1024,
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}
