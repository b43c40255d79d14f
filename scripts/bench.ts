/**
 * `npm run bench`: prints figures, never fails. Measures on the embedded PostgreSQL, and on a PostgreSQL server when
 * DATABASE_URL is set (a fresh database is created there and dropped afterwards).
 *   - GET /v1/events/lists with a name filter, 10,000 events across 100 organizers, 50 connections.
 *   - Platform intake: registrations/s with 100 concurrent clients on one ticket, and a sell-out check.
 *   - Insight: the 10-day window over 1,000,000 views in the per-day table.
 *   - Participant CSV export of 100,000 registrants: seconds, rows/s, server RSS.
 *   - Web: per-route first-load JS after gzip (budgets), and in Chromium the first render of /login
 *     and of / after sign-in (scripts/bench/web.ts, also runnable alone).
 *   - Certificates: preview p50, and publishing 1,000 recipients (certificates/s, peak RSS, cores used).
 *   - The read API at scale: every read of the dashboard and the public side beside a bare route,
 *     on PostgreSQL (10,000 events, 1,000,000 registrants, 500,000 transactions; with DATABASE_URL)
 *     and on the embedded default (the demo data, then with a 100,000-registrant event); the server drained between
 *     rows, and whether each meets the target (BENCH_SCALE_DB=embedded|postgres runs one side).
 *   - Certificate previews under load: 10 organizers previewing a 25 MP template at once
 *     (p95, 429s, server peak RSS) beside the bare /healthz (BENCH_ONLY=preview runs just this).
 *   - Public pages: GET /e/{eventId} beside the bare route, and public registrations/s at
 *     100 clients on one free ticket, with a count check and a 50-seat sell-out (BENCH_ONLY=public
 *     runs just this, on the embedded database and on PostgreSQL when DATABASE_URL is set).
 *   - PostgreSQL only: check-in at the door, 50 scanners over 10,000 tickets (check-ins/s, p95)
 *     beside the bare route, and the offline pack of a 100,000-registrant event (BENCH_ONLY=checkins).
 *   - Messages: an announcement to 1,000 and to 10,000 registrants through the real job
 *     over SMTP to an in-process server (mails/s, time, RSS growth with the count) beside the bare
 *     mailer (BENCH_ONLY=messages runs just this, on the embedded database and on PostgreSQL when DATABASE_URL is set).
 *   - PostgreSQL only: certificates by rules on a 5,000-participant seminar with 5 sessions and 3,000 evaluations:
 *     eligible-count and the evaluation summary at 20 connections beside the bare route, publishing an `eligible`
 *     certificate (certificates/s), a participant's first download of one not rendered yet, and the statements
 *     EXPLAINed (BENCH_ONLY=rules; BENCH_RULES_IN_PLACE=1 seeds the DATABASE_URL database itself, made for it).
 *   - WhatsApp: an H-1 reminder to 5,000 participants through the real sender at WHATSAPP_RATE to a local server speaking
 *     the Cloud API's protocol (drain time, the rate the server saw, RSS per 1,000 sent; BENCH_ONLY=whatsapp, on PostgreSQL
 *     when DATABASE_URL is set, else embedded).
 *   - PostgreSQL only: the registration rush, 20,000 attempts from 500 clients on a 2,000-seat ticket with its
 *     waiting list on, the participant page read meanwhile, beside pgbench running the registration's own statement
 *     (BENCH_ONLY=rush).
 *   - PostgreSQL only: webhooks, 10,000 registrations with one endpoint against none (what the outbox adds to the
 *     registration path) and the 10,000 deliveries draining to a local receiver (BENCH_ONLY=webhooks).
 * BENCH_ONLY=scale runs just the read API at scale (both databases). BENCH_SECONDS (10) and BENCH_CONNECTIONS (50)
 * shorten a run.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../apps/api/src/db/client.js';
import { stopOrphanedPostgres } from '../apps/api/src/db/embedded-postgres.js';
import { openConfiguredDatabase } from '../apps/api/src/db/open.js';
import { createScratchDatabase } from '../apps/api/test/scratch-database.js';
import { runLoad, type LoadResult } from './bench/load.js';
import { seedScale } from './bench/scale-seed.js';
import { benchExport } from './bench/export.js';
import { benchInsight, seedInsightBench } from './bench/insight.js';
import { benchIntake, seedIntakeBench } from './bench/intake.js';
import { startServer } from './bench/server.js';
import { benchWeb } from './bench/web.js';
import { benchCertificates } from './bench/certificates.js';
import { benchApiScale, printScale } from './bench/api-scale.js';
import { benchApiScaleEmbedded, EMBEDDED_BIG_EVENT } from './bench/api-scale-embedded.js';
import { markdownTable, printRun } from './bench/scale-run.js';
import { benchPreviewLoad } from './bench/preview-load.js';
import { benchCheckins, printCheckins } from './bench/checkins.js';
import { benchPublic, seedPublicBench } from './bench/public-pages.js';
import { benchMessages, printMessages } from './bench/messages.js';
import { benchRush, printRush, seedRush } from './bench/rush.js';
import { benchCertificateRules, printRules } from './bench/certificate-rules.js';
import { benchWhatsApp, printWhatsApp } from './bench/whatsapp.js';
import { benchWebhooks, printWebhooks } from './bench/webhooks.js';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const JWT_SECRET = randomBytes(32).toString('hex');
const PLATFORM_API_KEY = randomBytes(16).toString('hex');

interface Target { label: string; env: Record<string, string>; database: Database; cleanup: () => Promise<void> }

/** The embedded default: the bench runs its PostgreSQL while it seeds, then the server runs it. */
async function embeddedTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-bench-'));
  const database = await openConfiguredDatabase({ dataDir }, { log: () => undefined });
  return {
    label: 'embedded', env: { DATA_DIR: dataDir, DATABASE_URL: '' }, database,
    cleanup: async () => {
      await stopOrphanedPostgres(dataDir);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresTarget(serverUrl: string): Promise<Target> {
  const scratch = await createScratchDatabase(serverUrl, 'eo_bench');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-bench-'));
  const database = await openDatabase({ url: scratch.url });
  return {
    label: 'PostgreSQL', env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url }, database,
    cleanup: async () => {
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}


async function benchTarget(target: Target, port: number) {
  const t0 = performance.now();
  await target.database.migrate();
  await seedScale(target.database.db);
  const seedMsList = performance.now() - t0;
  const intakeSetup = await seedIntakeBench(target.database.db);
  const insightSetup = await seedInsightBench(target.database.db);
  await target.database.close();
  const seedMs = seedMsList;
  const server = await startServer({ ...target.env, JWT_SECRET, PLATFORM_API_KEY, LOGIN_MAX_FAILURES_PER_IP: '100000' }, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/v1/login/email`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench7@demo.id', password: 'bench-password', platform: 'eo_dashboard' }),
    });
    const token = ((await login.json()) as { data: { tokenData: { token: string } } }).data.tokenData.token;
    const filters = encodeURIComponent(JSON.stringify({ name: 'lomba' }));
    const url = `${base}/v1/events/lists?page=1&limit=10&sortBy=desc&sortParam=createdAt&filters=${filters}&showSponsored=false`;
    const headers = { authorization: `Bearer ${token}` };
    await runLoad({ url, headers, connections: 10, seconds: 2 }); // warm-up
    const result = await runLoad({ url, headers, connections: CONNECTIONS, seconds: SECONDS });
    // The same server's cheapest route (no database, no auth): the ceiling on this machine.
    const bare = await runLoad({ url: `${base}/healthz`, connections: CONNECTIONS, seconds: Math.min(SECONDS, 5) });
    const insight = await benchInsight({ baseUrl: base, setup: insightSetup });
    const intake = await benchIntake({ baseUrl: base, platformKey: PLATFORM_API_KEY, setup: intakeSetup, seconds: SECONDS, connections: 100 });
    return { seedMs, result, bare, insight, intake };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

/** The public pages on their own fresh database and server (the rate limit raised: one address sends it all). */
async function benchPublicTarget(target: Target, port: number) {
  await target.database.migrate();
  const setup = await seedPublicBench(target.database.db);
  await target.database.close();
  // Proof of work at the cheapest cost: every registration is still checked and spent (bench/public-pages.ts).
  const server = await startServer({
    ...target.env, JWT_SECRET, PLATFORM_API_KEY, LOGIN_MAX_FAILURES_PER_IP: '100000', PUBLIC_RATE_LIMIT: '100000000', ALTCHA_COST: '1', ALTCHA_MAX_COUNTER: '1',
  }, port);
  try {
    return await benchPublic({ baseUrl: `http://127.0.0.1:${port}`, setup, seconds: SECONDS, connections: CONNECTIONS, registrations: Number(process.env.BENCH_PUBLIC_REGISTRATIONS ?? 5000) });
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

const fmt = (r: LoadResult) =>
  `p50 ${r.p50.toFixed(1)} ms · p95 ${r.p95.toFixed(1)} ms · p99 ${r.p99.toFixed(1)} ms · ${r.rps.toFixed(0)} req/s · ${r.requests} requests, ${r.errors} errors`;

/**
 * Runs one benchmark on a target made for it alone: a failure is printed as `<what> failed: …`
 * and the run goes on; the target's database is closed and the target removed either way.
 */
async function onOwnTarget(target: Target, what: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (err) {
    console.log(`${what} failed: ${(err as Error).message}`);
  } finally {
    await target.database.close().catch(() => undefined);
    await target.cleanup();
  }
}

async function main() {
  const results: Record<string, unknown> = { machine: `${(await import('node:os')).cpus().length} cores, Node ${process.version}`, at: new Date().toISOString() };
  const only = process.env.BENCH_ONLY;
  const targets = only && only !== 'public' ? [] : [() => embeddedTarget()];
  if (process.env.DATABASE_URL && (!only || only === 'public')) targets.push(() => postgresTarget(process.env.DATABASE_URL!));
  // BENCH_PORT: another checkout benching on the same machine uses 3900 onwards too.
  let port = Number(process.env.BENCH_PORT ?? 3900);
  for (const make of targets) {
    const publicTarget = await make();
    try {
      const p = await benchPublicTarget(publicTarget, port++);
      const reg = (r: typeof p.registrations) => `${r.perSecond.toFixed(0)}/s · p50 ${r.p50.toFixed(0)} ms · p95 ${r.p95.toFixed(0)} ms · ${r.created} created, ${r.refused} refused, ${r.errors} errors${r.errors ? ` ${JSON.stringify(r.errorKinds)}` : ''} · server counts ${r.registrantsCounted} registrants, ${r.seatsTaken} seats taken`;
      console.log(`\n[${publicTarget.label}] GET /e/{eventId}, ${CONNECTIONS} connections, ${SECONDS} s: ${fmt(p.page)} (${((100 * p.page.rps) / p.bare.rps).toFixed(0)}% of the bare route)`);
      console.log(`  bare GET /healthz right after: ${fmt(p.bare)}`);
      console.log(`[${publicTarget.label}] public registrations, 100 clients on one free ticket: ${reg(p.registrations)}`);
      console.log(`  sell-out, ${p.sellOut.requests} requests for ${p.sellOut.seats} seats: ${reg(p.sellOut)}`);
      console.log(`  consistent (201s = registrants = seats, within quota; exactly ${p.sellOut.seats} sold): ${p.consistent ? 'yes' : 'NO'}`);
      results[`public.${publicTarget.label}`] = p;
    } catch (err) {
      console.log(`[${publicTarget.label}] public pages failed: ${(err as Error).message}`);
    } finally {
      await publicTarget.cleanup();
    }
    if (only) continue;
    const target = await make();
    try {
      const { seedMs, result, bare, insight, intake } = await benchTarget(target, port++);
      console.log(`\n[${target.label}] GET /v1/events/lists, name filter, 10,000 events / 100 organizers, ${CONNECTIONS} connections, ${SECONDS} s`);
      console.log(`  seed ${(seedMs / 1000).toFixed(1)} s · ${fmt(result)}`);
      console.log(`  bare GET /healthz on the same server: ${fmt(bare)}`);
      console.log(`[${target.label}] insight 10-day window, 1,000,000 views: p50 ${insight.p50.toFixed(1)} ms · p95 ${insight.p95.toFixed(1)} ms · max ${insight.max.toFixed(1)} ms (${insight.requests} requests)`);
      console.log(`[${target.label}] intake, 100 clients on one ticket: ${intake.registrationsPerSecond.toFixed(0)} registrations/s · p50 ${intake.p50.toFixed(0)} ms · p95 ${intake.p95.toFixed(0)} ms · oversold: ${intake.oversold ? 'YES' : 'no'} (sell-out ${intake.sellOut.created}/${intake.sellOut.seats} seats, ${intake.sellOut.soldOut} refused)`);
      results[`eventsList.${target.label}`] = result;
      results[`healthz.${target.label}`] = bare;
      results[`insight.${target.label}`] = insight;
      results[`intake.${target.label}`] = intake;
    } catch (err) {
      console.log(`[${target.label}] failed: ${(err as Error).message}`);
    } finally {
      await target.cleanup();
    }
    // The export seeds its own 100,000 registrants and starts its own server: a fresh database.
    const exportTarget = await make();
    try {
      const ex = await benchExport(exportTarget, port++);
      console.log(`[${exportTarget.label}] participant CSV export, ${ex.rows.toLocaleString('en')} rows: ${ex.seconds.toFixed(2)} s · ${Math.round(ex.rowsPerSecond).toLocaleString('en')} rows/s · server RSS idle ${ex.idleRssMb.toFixed(0)} MB, peak ${ex.exportPeakRssMb.toFixed(0)} MB`);
      results[`export.${exportTarget.label}`] = ex;
    } catch (err) {
      console.log(`[${exportTarget.label}] export failed: ${(err as Error).message}`);
    } finally {
      await exportTarget.cleanup();
    }
  }
  // The web app: builds apps/web, then its own server on a fresh demo database and Chromium.
  if (!only) {
    try {
      results.web = await benchWeb();
    } catch (err) {
      console.log(`[web] failed: ${(err as Error).message}`);
    }
  }
  // Certificates run in this process on their own database (the embedded one, and PostgreSQL when set).
  for (const make of only ? [] : targets) {
    const target = await make();
    await onOwnTarget(target, `[${target.label}] certificates`, async () => {
      const c = await benchCertificates(target.database, target.env.DATA_DIR);
      console.log(`[${target.label}] certificate preview (2000×1414): p50 ${c.previewP50.toFixed(0)} ms · p95 ${c.previewP95.toFixed(0)} ms (${c.previews} previews)`);
      console.log(`[${target.label}] publishing ${c.recipients.toLocaleString('en')} certificates (PNG + PDF + mail): ${c.publishSeconds.toFixed(1)} s · ${c.perSecond.toFixed(1)} certificates/s · peak RSS ${c.peakRssMb.toFixed(0)} MB · ${c.coresUsed.toFixed(2)} cores used`);
      results[`certificates.${target.label}`] = c;
    });
  }
  // Messages run in this process on their own database, like certificates.
  if (!only || only === 'messages') {
    const makers = [() => embeddedTarget(), ...(process.env.DATABASE_URL ? [() => postgresTarget(process.env.DATABASE_URL!)] : [])];
    for (const make of makers) {
      const target = await make();
      await onOwnTarget(target, `[${target.label}] messages`, async () => {
        const m = await benchMessages(target.database, target.env.DATA_DIR!);
        printMessages(target.label, m);
        results[`messages.${target.label}`] = m;
      });
    }
  }
  // WhatsApp runs in this process on its own database, like messages (on PostgreSQL when DATABASE_URL is set, else embedded).
  if (!only || only === 'whatsapp') {
    const target = process.env.DATABASE_URL ? await postgresTarget(process.env.DATABASE_URL) : await embeddedTarget();
    await onOwnTarget(target, `[${target.label}] whatsapp`, async () => {
      const w = await benchWhatsApp(target.database);
      printWhatsApp(target.label, w);
      results[`whatsapp.${target.label}`] = w;
    });
  }
  if ((!only || only === 'webhooks') && process.env.DATABASE_URL) {
    const target = await postgresTarget(process.env.DATABASE_URL);
    await onOwnTarget(target, '[webhooks]', async () => {
      const w = await benchWebhooks(target.database);
      printWebhooks(target.label, w);
      results.webhooks = w;
    });
  }
  if ((!only || only === 'rush') && process.env.DATABASE_URL) {
    // Its own database and server: the rate limits out of the way (one address sends it all).
    const target = await postgresTarget(process.env.DATABASE_URL);
    try {
      await target.database.migrate();
      const setup = await seedRush(target.database.db);
      await target.database.close();
      const server = await startServer({ ...target.env, JWT_SECRET, PLATFORM_API_KEY, LOGIN_MAX_FAILURES_PER_IP: '100000' }, port++);
      try {
        const r = await benchRush({ baseUrl: `http://127.0.0.1:${port - 1}`, platformKey: PLATFORM_API_KEY, databaseUrl: target.env.DATABASE_URL!, setup });
        printRush(r);
        results.rush = r;
      } finally {
        server.kill('SIGTERM');
        await new Promise((r) => server.once('exit', r));
      }
    } catch (err) {
      console.log(`[rush] failed: ${(err as Error).message}`);
    } finally {
      await target.cleanup();
    }
  }
  if (!only || only === 'preview') {
    // Its own server on a fresh embedded database: the renderer's bound, not the database's.
    const target = await embeddedTarget();
    await onOwnTarget(target, '[preview]', async () => {
      const p = await benchPreviewLoad(target.database, { ...target.env, JWT_SECRET, PLATFORM_API_KEY }, port++, Math.max(SECONDS, 20));
      console.log(`\n[preview] ${p.clients} organizers previewing a ${(p.templatePixels / 1e6).toFixed(0)} MP template (${(p.templateBytes / 1e6).toFixed(1)} MB JPEG) at once: ${p.previews} answered · p50 ${p.p50.toFixed(0)} ms · p95 ${p.p95.toFixed(0)} ms · max ${p.max.toFixed(0)} ms · ${p.refused} got 429 · ${p.failed} failed`);
      console.log(`  server RSS idle ${p.idleRssMb.toFixed(0)} MB, peak ${p.peakRssMb.toFixed(0)} MB`);
      console.log(`  bare GET /healthz, 10 connections: idle ${fmt(p.bareIdle)}`);
      console.log(`  bare GET /healthz, 10 connections, during the previews: ${fmt(p.bareDuring)}`);
      results.previewLoad = p;
    });
  }
  if (!only || only === 'scale') {
    // BENCH_SCALE_DB=embedded|postgres runs one side; both by default (PostgreSQL only with DATABASE_URL).
    const which = process.env.BENCH_SCALE_DB;
    const scaleSeconds = Math.min(SECONDS, 5);
    const tables: string[] = [];
    if (which !== 'postgres') {
      try {
        const embedded = await benchApiScaleEmbedded({ port: port++, seconds: scaleSeconds, connections: CONNECTIONS, env: { JWT_SECRET, PLATFORM_API_KEY } });
        printRun(embedded.demo, `[embedded] read API on the demo data (seeded in ${embedded.demoSeedSeconds.toFixed(0)} s); ${CONNECTIONS} connections, ${scaleSeconds} s each, drained between rows`);
        tables.push(markdownTable(embedded.demo));
        if (embedded.big) {
          printRun(embedded.big, `[embedded] read API with a ${EMBEDDED_BIG_EVENT.toLocaleString('en')}-registrant event added (seeded in ${embedded.bigSeedSeconds!.toFixed(0)} s); ${CONNECTIONS} connections, ${scaleSeconds} s each, drained between rows`);
          tables.push(markdownTable(embedded.big));
        } else console.log(`[embedded] ${EMBEDDED_BIG_EVENT.toLocaleString('en')}-registrant event failed: ${embedded.bigError}`);
        results['apiScale.embedded'] = embedded;
      } catch (err) {
        console.log(`[embedded] read API failed: ${(err as Error).message}`);
      }
    }
    if (which !== 'embedded' && process.env.DATABASE_URL) {
      try {
        const scale = await benchApiScale({ serverUrl: process.env.DATABASE_URL, port: port++, seconds: scaleSeconds, connections: CONNECTIONS, env: { JWT_SECRET, PLATFORM_API_KEY } });
        printScale(scale, CONNECTIONS, scaleSeconds);
        tables.push(markdownTable(scale.run));
        results['apiScale.PostgreSQL'] = scale;
      } catch (err) {
        console.log(`[PostgreSQL] read API at scale failed: ${(err as Error).message}`);
      }
    } else if (which !== 'embedded') {
      console.log('\n(the read API at scale on PostgreSQL needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres)');
    }
    if (tables.length) console.log(`\nMarkdown tables for docs/performance.md (full plans in test-results/bench.json):\n\n${tables.join('\n\n')}`);
  }
  if (process.env.DATABASE_URL && (!only || only === 'checkins')) {
    try {
      const checkins = await benchCheckins({ serverUrl: process.env.DATABASE_URL, port: port++, connections: CONNECTIONS, env: { JWT_SECRET, PLATFORM_API_KEY } });
      printCheckins(checkins);
      results['checkins.PostgreSQL'] = checkins;
    } catch (err) {
      console.log(`[PostgreSQL] check-in failed: ${(err as Error).message}`);
    }
  }
  if (process.env.DATABASE_URL && (!only || only === 'rules')) {
    try {
      const rules = await benchCertificateRules({
        serverUrl: process.env.DATABASE_URL, port: port++, seconds: SECONDS, env: { JWT_SECRET, PLATFORM_API_KEY }, inPlace: process.env.BENCH_RULES_IN_PLACE === '1',
      });
      printRules(rules);
      results['certificateRules.PostgreSQL'] = rules;
    } catch (err) {
      console.log(`[PostgreSQL] certificates by rules failed: ${(err as Error).message}`);
    }
  }
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  writeFileSync(path.join(root, 'test-results/bench.json'), JSON.stringify(results, null, 2));
  console.log('\nWritten to test-results/bench.json');
}

main().catch((err) => {
  console.error('bench could not run:', err);
});
