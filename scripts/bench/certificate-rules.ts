import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { EVALUATION_LIMITS, type CertificateRules } from '@eo/contract';
import { openDatabase, type Db } from '../../apps/api/src/db/client.js';
import { rowsOf } from '../../apps/api/src/db/pg-results.js';
import { certificates, evaluationForms, evaluationQuestions, eventSessions, uploads } from '../../apps/api/src/db/schema/index.js';
import { workerJobs } from '../../apps/api/src/jobs/job-definition.js';
import { enqueueJob, startWorker } from '../../apps/api/src/jobs/queue.js';
import { findMembership } from '../../apps/api/src/lib/access.repository.js';
import { createMailer } from '../../apps/api/src/lib/mailer.js';
import { DiskStore } from '../../apps/api/src/lib/storage/disk-store.js';
import { eligibleCount } from '../../apps/api/src/modules/certificates/eligible/eligibility.repository.js';
import { issueEligibleJob } from '../../apps/api/src/modules/certificates/eligible/issue-eligible.job.js';
import { CERTIFICATE_PUBLISH_JOB, certificateJobs, type PublishDeps } from '../../apps/api/src/modules/certificates/publish/publish-certificate.job.js';
import { silentLog, templateObjects } from '../../apps/api/src/modules/certificates/publish/publish.fixture.js';
import { answerCounts, latestTexts } from '../../apps/api/src/modules/evaluation/evaluation.repository.js';
import { createUser } from '../../apps/api/src/modules/users/users.service.js';
import { createScratchDatabase } from '../../apps/api/test/scratch-database.js';
import { createEvent, simpleEvent } from '../../apps/api/test/fixtures.js';
import { login } from './insight.js';
import { percentiles, runLoad, type LoadResult } from './load.js';
import { startServer } from './server.js';

/**
 * Certificates by rules on PostgreSQL (BENCH_ONLY=rules), on a seminar of PEOPLE confirmed
 * participants, 5 sessions and 3,000 evaluations (beside a larger event, so that the tables hold
 * more than this event), seeded in bulk SQL in the shape the app writes: person k (registration
 * order, from 0) attended the first k mod 6 sessions (session_checkins rows, and the registrant's
 * own check-in at the first), and answered the evaluation when k mod 5 < 3.
 * 1. Through a running server, at 20 connections beside the bare /healthz of the same server:
 *    GET /v1/certificates/eligible-count for two rule shapes, and GET /v1/events/{id}/evaluation/summary.
 * 2. Publishing an `eligible` certificate through the real publish job and renderer (PNG + PDF +
 *    mail to the file outbox), one worker in this process: certificates/s. Its rule, 5 sessions and
 *    the evaluation, makes 500 of the 5,000 eligible (BENCH_RULES_PUBLISH=wide: 3 sessions and the
 *    evaluation, 1,500).
 * 3. A participant's first download of a certificate not rendered yet: a second batch (every session
 *    and the evaluation) published, and while it renders, the last ten of it, one after another,
 *    ask GET /v1/public/tickets/{code}/certificates and then its PDF. Then ten who attended every
 *    session but had not answered answer the evaluation through the public route; the late issue
 *    (the worker above, polling every 200 ms) makes theirs: from the answer to the PDF in hand.
 * The statements of eligible-count and of the summary are EXPLAINed (ANALYZE, BUFFERS) on the seeded data.
 */
export const RULES_BENCH = { people: 5000, otherPeople: 20_000, sessions: 5, connections: 20, downloads: 10 } as const;

const W = 2000;
const H = 1414;

export const COUNT_RULES: { label: string; rules: CertificateRules }[] = [
  { label: 'minSessions 3 + evaluationRequired', rules: { minSessions: 3, evaluationRequired: true } },
  { label: 'minSessionShare 0.6', rules: { minSessionShare: 0.6 } },
];
const PUBLISH_RULES: Record<string, CertificateRules> = {
  narrow: { minSessions: 5, evaluationRequired: true },
  wide: { minSessions: 3, evaluationRequired: true },
};
const SECOND_BATCH_RULES: CertificateRules = { minSessionShare: 1, evaluationRequired: true };

/** Who of `people` meets `rules` as seeded (person k: k mod 6 sessions of 5, answered when k mod 5 < 3). */
export function expectedEligible(people: number, rules: CertificateRules, sessions = RULES_BENCH.sessions) {
  const needed = Math.max(rules.minSessions ?? 0, rules.minSessionShare === undefined ? 0 : Math.ceil(rules.minSessionShare * sessions - 1e-9));
  let n = 0;
  for (let k = 0; k < people; k++) if (Math.min(k % 6, sessions) >= needed && (!rules.evaluationRequired || k % 5 < 3)) n++;
  return n;
}

/** `jitMs`: the JIT compilation inside `executionMs` (0 when the plan's cost stayed under jit_above_cost). */
export interface PlanSummary { statement: string; scans: string; planningMs: number; executionMs: number; jitMs: number; buffers: string; plan: string[] }
interface Timed { p50: number; max: number; count: number }
export interface RulesBenchResult {
  people: number; otherPeople: number; evaluations: number; sessionCheckins: number; seedSeconds: number; connections: number; seconds: number;
  counts: { label: string; eligible: number; expected: number; load: LoadResult }[];
  summary: LoadResult; bare: LoadResult;
  plans: PlanSummary[];
  publish: { rule: string; recipients: number; seconds: number; perSecond: number; peakRssMb: number; coresUsed: number };
  download: {
    duringBatch: { recipients: number; people: number; renderedBeforeAsked: number; list: Timed; pdf: Timed; first: Timed; pdfBytes: number; batchSeconds: number };
    late: { people: number; answer: Timed; untilReady: Timed; pdf: Timed; total: Timed };
  };
}

const rows = <T>(r: unknown) => rowsOf<T>(r as never);
const timedOf = (ms: number[]): Timed => {
  const { p50, max } = percentiles([...ms]);
  return { p50, max, count: ms.length };
};

/** The event's ticket, 5 sessions, its evaluation form of five questions, `n` confirmed registrants and their attendance and answers. */
async function seedSeminar(db: Db, eventId: string, n: number, codePrefix: string) {
  const start = Date.now() - 3 * 86_400_000;
  const sessions = await db.insert(eventSessions).values(Array.from({ length: RULES_BENCH.sessions }, (_, i) => ({
    eventId, name: `Sesi ${i + 1}`, startsAt: new Date(start + i * 3_600_000), endsAt: new Date(start + (i + 1) * 3_600_000), position: i,
  }))).returning({ id: eventSessions.id });
  // Open now, for the late answers of part 3.
  await db.insert(evaluationForms).values({ eventId, opensAt: new Date(start), closesAt: new Date(Date.now() + 7 * 86_400_000) });
  const choices = ['Sangat puas', 'Puas', 'Cukup', 'Kurang'];
  const topics = ['Materi', 'Pemateri', 'Tempat', 'Konsumsi'];
  const qs = await db.insert(evaluationQuestions).values([
    { eventId, position: 0, type: 'rating', label: 'Penilaian keseluruhan', isRequired: true, options: [] },
    { eventId, position: 1, type: 'nps', label: 'Seberapa mungkin Anda merekomendasikan acara ini?', isRequired: true, options: [] },
    { eventId, position: 2, type: 'radio', label: 'Kepuasan terhadap materi', isRequired: true, options: choices },
    { eventId, position: 3, type: 'checkbox', label: 'Yang paling berkesan', isRequired: false, options: topics },
    { eventId, position: 4, type: 'text', label: 'Saran untuk panitia', isRequired: false, options: [] },
  ]).returning({ id: evaluationQuestions.id });
  const [ticket] = rows<{ id: string }>(await db.execute(sql`select id from tickets where event_id = ${eventId} order by position limit 1`));
  // As the registration writes them: confirmed, a random-looking code, in registration order.
  await db.execute(sql`
    insert into registrants (event_id, ticket_id, name, email, ticket_code, status, quantity, created_at)
    select ${eventId}::uuid, ${ticket!.id}::uuid, 'Peserta ' || g, ${codePrefix} || g || '@seminar.id', ${codePrefix} || lpad(g::text, 8, '0'), 'confirmed', 1,
      ${new Date(start - 86_400_000)}::timestamptz + g * interval '1 second'
    from generate_series(0, ${n - 1}) g`);
  const numbered = sql`(select id, (row_number() over (order by created_at, id) - 1)::int as k from registrants where event_id = ${eventId})`;
  // A session check-in row per session attended (the first k mod 6), and the registrant's own check-in at the first.
  await db.execute(sql`
    insert into session_checkins (session_id, registrant_id, event_id, checked_in_at, device_id)
    select s.id, r.id, ${eventId}::uuid, s.starts_at + (r.k % 1800) * interval '1 second', 'bench'
    from ${numbered} r join event_sessions s on s.event_id = ${eventId} and s.position < r.k % 6`);
  await db.execute(sql`
    update registrants r set checked_in_at = f.at, checked_in_device = 'bench'
    from (select registrant_id, min(checked_in_at) as at from session_checkins where event_id = ${eventId} group by registrant_id) f
    where r.id = f.registrant_id`);
  const [q1, q2, q3, q4, q5] = qs.map((q) => q.id);
  // The answers as the public form stores them (evaluationAnswerIssues): the text skipped by a third, the checkbox by a fifth.
  await db.execute(sql`
    insert into evaluation_answers (registrant_id, event_id, answers, answered_at)
    select r.id, ${eventId}::uuid,
      jsonb_build_array(
        jsonb_build_object('questionId', ${q1}::text, 'value', 1 + (r.k * 7) % 5),
        jsonb_build_object('questionId', ${q2}::text, 'value', (r.k * 3) % 11),
        jsonb_build_object('questionId', ${q3}::text, 'value', (${sql.raw(`array[${choices.map((c) => `'${c}'`).join(',')}]`)})[1 + r.k % 4]))
      || case when r.k % 5 = 4 then '[]'::jsonb else jsonb_build_array(jsonb_build_object('questionId', ${q4}::text, 'value',
           jsonb_build_array((${sql.raw(`array[${topics.map((c) => `'${c}'`).join(',')}]`)})[1 + r.k % 4])
           || case when r.k % 2 = 0 then jsonb_build_array((${sql.raw(`array[${topics.map((c) => `'${c}'`).join(',')}]`)})[1 + (r.k + 1) % 4]) else '[]'::jsonb end)) end
      || case when r.k % 3 = 0 then '[]'::jsonb else jsonb_build_array(jsonb_build_object('questionId', ${q5}::text, 'value',
           'Saran ' || r.k || ': acaranya bermanfaat, mohon sesi tanya jawab diperpanjang dan materinya dibagikan.')) end,
      ${new Date(Date.now() - 86_400_000)}::timestamptz + r.k * interval '10 second'
    from ${numbered} r where r.k % 5 < 3`);
  return { questionIds: qs.map((q) => q.id), sessionIds: sessions.map((s) => s.id) };
}

/** A realistic 2000×1414 template (as scripts/bench/certificates.ts), stored as the organizer's upload. */
async function storeTemplate(db: Db, storage: DiskStore, organizationId: string, ownerId: string) {
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fdf6e3"/><stop offset="1" stop-color="#e8dcc0"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="60" y="60" width="${W - 120}" height="${H - 120}" fill="none" stroke="#8a6d3b" stroke-width="18"/>
  <circle cx="${W - 320}" cy="${H - 330}" r="140" fill="#b8860b" opacity="0.85"/>
  <text x="50%" y="300" font-size="120" text-anchor="middle" fill="#5d4037" font-family="serif">SERTIFIKAT</text>
</svg>`);
  const png = await sharp(svg).png().toBuffer();
  const templatePath = await storage.save(png, 'png');
  await db.insert(uploads).values({ organizationId, ownerId, docType: 'CertificateTemplate', path: templatePath, contentType: 'image/png', size: png.length, width: W, height: H });
  return `/files/${templatePath}`;
}

/** An `eligible` certificate in `publishing`, as the service leaves it when the organizer publishes. */
async function publishingEligible(db: Db, w: { organizationId: string; creatorId: string; eventId: string; template: string }, rules: CertificateRules, prefix: string, groupName: string) {
  const [row] = await db.insert(certificates).values({
    organizationId: w.organizationId, creatorId: w.creatorId, eventId: w.eventId, status: 'publishing', recipientType: 'eligible', rules,
    templateBackgroundUrl: w.template, serialNumberPrefix: prefix, groupName, templateObjects: templateObjects(W, H),
  }).returning({ id: certificates.id });
  return row!.id;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements a repository function sends through `db.execute`:
 * a stand-in database explains each on the real one instead of running it.
 */
async function explainEach(db: Db, run: (stand: Db) => Promise<unknown>): Promise<string[][]> {
  const plans: string[][] = [];
  const stand = {
    execute: async (q: SQL) => {
      plans.push(rows<Record<string, string>>(await db.execute(sql`explain (analyze, buffers) ${q}`)).map((r) => Object.values(r)[0]!));
      return { rows: [] };
    },
  };
  await run(stand as unknown as Db).catch(() => undefined);
  return plans;
}

function planSummary(statement: string, plan: string[]): PlanSummary {
  const num = (label: string) => Number(plan.find((l) => l.trim().startsWith(label))?.match(/[\d.]+/)?.[0] ?? NaN);
  const scans = plan.filter((l) => / Scan /.test(l) && !l.includes('Cond:'))
    .map((l) => l.replace(/^\s*->\s*/, '').replace(/\s+\(cost=.*$/, '').replace(/ on (\w+) \w+$/, ' on $1').trim());
  const top = plan.findIndex((l) => l.includes('Buffers:'));
  const jitMs = Number(plan.find((l) => l.includes('Timing: Generation'))?.match(/Total ([\d.]+)/)?.[1] ?? 0);
  return { statement, scans: [...new Set(scans)].join(' / '), planningMs: num('Planning Time'), executionMs: num('Execution Time'), jitMs, buffers: top >= 0 ? plan[top]!.trim() : '', plan };
}

async function getJson(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  const body = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as { data: Record<string, unknown> };
}

interface ListedCertificate { certificateId: string; status: string; downloadUrl?: string }

/** The participant's certificates, then the PDF of `certificateId` (when listed ready): both timed. */
async function download(base: string, code: string, certificateId: string) {
  const t0 = performance.now();
  const list = (await getJson(`${base}/v1/public/tickets/${code}/certificates`)).data.result as ListedCertificate[];
  const listMs = performance.now() - t0;
  const entry = list.find((c) => c.certificateId === certificateId);
  if (entry?.status !== 'ready' || !entry.downloadUrl) return { listMs, entry };
  const t1 = performance.now();
  const res = await fetch(new URL(entry.downloadUrl, base));
  const pdf = Buffer.from(await res.arrayBuffer());
  if (!res.ok || pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error(`PDF of ${code}: ${res.status} ${pdf.subarray(0, 200).toString()}`);
  return { listMs, entry, pdfMs: performance.now() - t1, bytes: pdf.length, firstMs: performance.now() - t0 };
}

async function statusOf(db: Db, id: string) {
  const [c] = await db.select({ status: certificates.status, total: certificates.totalRecipient }).from(certificates).where(eq(certificates.id, id));
  return c!;
}

export async function benchCertificateRules(opts: {
  serverUrl: string; port: number; env: Record<string, string>; seconds?: number;
  /** Seed and measure in the database `serverUrl` names (made for it) instead of a scratch database created and dropped. */
  inPlace?: boolean;
}): Promise<RulesBenchResult> {
  const seconds = opts.seconds ?? 10;
  const { connections, people, otherPeople, downloads } = RULES_BENCH;
  const scratch = opts.inPlace ? { url: opts.serverUrl, drop: async () => undefined } : await createScratchDatabase(opts.serverUrl, 'eo_bench_rules');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eo-bench-rules-'));
  const database = await openDatabase({ url: scratch.url });
  const mailer = createMailer({ mailFrom: 'EO <no-reply@eo.bench>', dataDir });
  try {
    const { db } = database;
    await database.migrate();
    const t0 = performance.now();
    const tag = randomBytes(3).toString('hex');
    const organizer = { email: `rules-${tag}@demo.id`, password: randomBytes(12).toString('hex') };
    const creatorId = await createUser(db, { ...organizer, name: 'Panitia Seminar', roles: ['eventOrganizer'] });
    const organizationId = (await findMembership(db, creatorId, undefined))!.organizationId;
    // Ended two days ago, published and approved: certificates may be published for it.
    const eventId = await createEvent(db, creatorId, simpleEvent('Seminar Nasional Lima Sesi', { days: -2 }));
    const otherId = await createEvent(db, creatorId, simpleEvent('Konferensi Lain', { days: -2 }));
    await seedSeminar(db, eventId, people, `sm${tag}`);
    await seedSeminar(db, otherId, otherPeople, `ot${tag}`);
    await db.execute(sql`analyze`);
    const storage = new DiskStore(path.join(dataDir, 'files'));
    const template = await storeTemplate(db, storage, organizationId, creatorId);
    const [seeded] = rows<{ answers: number; checkins: number }>(await db.execute(sql`select
      (select count(*)::int from evaluation_answers where event_id = ${eventId}) as answers,
      (select count(*)::int from session_checkins where event_id = ${eventId}) as checkins`));
    const seedSeconds = (performance.now() - t0) / 1000;

    // The statements, explained on the seeded data.
    const textIds = rows<{ id: string }>(await db.execute(sql`select id from evaluation_questions where event_id = ${eventId} and type = 'text'`)).map((r) => r.id);
    const plans: PlanSummary[] = [];
    for (const { label, rules } of COUNT_RULES) {
      const [plan] = await explainEach(db, (stand) => eligibleCount(stand, eventId, rules));
      plans.push(planSummary(`eligible-count, ${label}`, plan!));
    }
    const [countsPlan] = await explainEach(db, (stand) => answerCounts(stand, eventId));
    plans.push(planSummary('summary: answerCounts', countsPlan!));
    const [textsPlan] = await explainEach(db, (stand) => latestTexts(stand, eventId, textIds, EVALUATION_LIMITS.latestTexts));
    plans.push(planSummary('summary: latestTexts', textsPlan!));
    const answerCountPlan = rows<Record<string, string>>(await db.execute(sql`explain (analyze, buffers) select count(*) from evaluation_answers where event_id = ${eventId}`)).map((r) => Object.values(r)[0]!);
    plans.push(planSummary('summary: answerCount', answerCountPlan));

    const server = await startServer({
      ...opts.env, DATABASE_URL: scratch.url, DATA_DIR: dataDir, JOB_WORKERS: '0', PUBLIC_URL: 'https://eo.bench',
      LOGIN_MAX_FAILURES_PER_IP: '100000', PUBLIC_RATE_LIMIT: '100000000',
    }, opts.port);
    let worker: ReturnType<typeof startWorker> | undefined;
    try {
      const base = `http://127.0.0.1:${opts.port}`;
      const token = await login(base, organizer);
      const headers = { authorization: `Bearer ${token}` };
      const countUrl = (rules: CertificateRules) => `${base}/v1/certificates/eligible-count?eventId=${eventId}&rules=${encodeURIComponent(JSON.stringify(rules))}`;
      const summaryUrl = `${base}/v1/events/${eventId}/evaluation/summary`;
      await runLoad({ url: `${base}/healthz`, connections: 10, seconds: 2 }); // warm-up
      const counts: RulesBenchResult['counts'] = [];
      for (const { label, rules } of COUNT_RULES) {
        const eligible = (await getJson(countUrl(rules), { headers })).data.eligible as number;
        await runLoad({ url: countUrl(rules), headers, connections: 10, seconds: 2 });
        counts.push({ label, eligible, expected: expectedEligible(people, rules), load: await runLoad({ url: countUrl(rules), headers, connections, seconds }) });
      }
      const summaryBody = (await getJson(summaryUrl, { headers })).data.result as { answers: number };
      if (summaryBody.answers !== seeded!.answers) throw new Error(`summary counts ${summaryBody.answers} answers, ${seeded!.answers} seeded`);
      await runLoad({ url: summaryUrl, headers, connections: 10, seconds: 2 });
      const summary = await runLoad({ url: summaryUrl, headers, connections, seconds });
      const bare = await runLoad({ url: `${base}/healthz`, connections, seconds: Math.min(seconds, 5) });

      // 2. The publish, one worker here; the server has none (JOB_WORKERS=0) and stays idle.
      const deps: PublishDeps = { db, storage, mailer, publicUrl: 'https://eo.bench' };
      const { handlers } = workerJobs([...certificateJobs(deps), issueEligibleJob(deps)]);
      const world = { organizationId, creatorId, eventId, template };
      const which = process.env.BENCH_RULES_PUBLISH === 'wide' ? 'wide' : 'narrow';
      const firstId = await publishingEligible(db, world, PUBLISH_RULES[which]!, `LAYAK-${tag}`, 'Peserta');
      let peakRss = process.memoryUsage().rss;
      const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 100);
      const cpu0 = process.cpuUsage();
      await enqueueJob(db, CERTIFICATE_PUBLISH_JOB, { certificateId: firstId });
      const p0 = performance.now();
      worker = startWorker({ db, handlers, log: silentLog, pollMs: 200 });
      while ((await statusOf(db, firstId)).status === 'publishing') await new Promise((r) => setTimeout(r, 100));
      const publishSeconds = (performance.now() - p0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      clearInterval(sampler);
      const first = await statusOf(db, firstId);
      if (first.status !== 'published') throw new Error(`the first batch ended ${first.status}`);

      // 3a. A second batch; while it renders, its last ten download theirs before it reaches them.
      const secondId = await publishingEligible(db, world, SECOND_BATCH_RULES, `PENUH-${tag}`, 'Peserta penuh');
      const b0 = performance.now();
      await enqueueJob(db, CERTIFICATE_PUBLISH_JOB, { certificateId: secondId });
      while ((await statusOf(db, secondId)).total === 0) await new Promise((r) => setTimeout(r, 20));
      const tail = rows<{ code: string; recipientId: string }>(await db.execute(sql`select r.ticket_code as code, cr.id as "recipientId"
        from certificate_recipients cr join registrants r on r.id = cr.registrant_id
        where cr.certificate_id = ${secondId} order by cr.position desc limit ${downloads}`));
      const during = { list: [] as number[], pdf: [] as number[], first: [] as number[], renderedBefore: 0, bytes: 0 };
      for (const person of tail) {
        const [state] = rows<{ rendered: boolean }>(await db.execute(sql`select rendered_at is not null as rendered from certificate_recipients where id = ${person.recipientId}`));
        if (state!.rendered) during.renderedBefore++;
        const d = await download(base, person.code, secondId);
        if (d.pdfMs === undefined) throw new Error(`${person.code}: listed ${JSON.stringify(d.entry)}`);
        during.list.push(d.listMs);
        during.pdf.push(d.pdfMs);
        during.first.push(d.firstMs);
        during.bytes = d.bytes;
      }
      while ((await statusOf(db, secondId)).status === 'publishing') await new Promise((r) => setTimeout(r, 100));
      const batchSeconds = (performance.now() - b0) / 1000;
      const second = await statusOf(db, secondId);

      // 3b. Ten who attended every session answer the evaluation now: the late issue makes their certificates.
      const late = rows<{ code: string }>(await db.execute(sql`select r.ticket_code as code from registrants r
        where r.event_id = ${eventId} and (select count(*) from session_checkins sc where sc.event_id = ${eventId} and sc.registrant_id = r.id) = ${RULES_BENCH.sessions}
          and not exists (select 1 from evaluation_answers ea where ea.registrant_id = r.id)
        order by r.created_at limit ${downloads}`));
      const form = (await getJson(`${base}/v1/public/tickets/${late[0]!.code}/evaluation`)).data.result as { questions: { id: string; type: string; options: string[] }[] };
      const answers = form.questions.map((q) => ({
        questionId: q.id, value: q.type === 'rating' ? 5 : q.type === 'nps' ? 9 : q.type === 'radio' ? q.options[0] : q.type === 'checkbox' ? [q.options[0]] : 'Terima kasih, sangat bermanfaat.',
      }));
      const lateTimes = { answer: [] as number[], ready: [] as number[], pdf: [] as number[], total: [] as number[] };
      for (const person of late) {
        const a0 = performance.now();
        await getJson(`${base}/v1/public/tickets/${person.code}/evaluation`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ answers }) });
        lateTimes.answer.push(performance.now() - a0);
        for (let until = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 50))) {
          const d = await download(base, person.code, firstId);
          if (d.pdfMs !== undefined) {
            lateTimes.ready.push(performance.now() - a0 - d.listMs - d.pdfMs);
            lateTimes.pdf.push(d.pdfMs);
            lateTimes.total.push(performance.now() - a0);
            break;
          }
          if (Date.now() > until) throw new Error(`${person.code}: no certificate a minute after answering`);
        }
      }

      return {
        people, otherPeople, evaluations: seeded!.answers, sessionCheckins: seeded!.checkins, seedSeconds, connections, seconds,
        counts, summary, bare, plans,
        publish: {
          rule: JSON.stringify(PUBLISH_RULES[which]), recipients: first.total, seconds: publishSeconds, perSecond: first.total / publishSeconds,
          peakRssMb: peakRss / 1024 / 1024, coresUsed: (cpu.user + cpu.system) / 1e6 / publishSeconds,
        },
        download: {
          duringBatch: {
            recipients: second.total, people: tail.length, renderedBeforeAsked: during.renderedBefore,
            list: timedOf(during.list), pdf: timedOf(during.pdf), first: timedOf(during.first), pdfBytes: during.bytes, batchSeconds,
          },
          late: { people: late.length, answer: timedOf(lateTimes.answer), untilReady: timedOf(lateTimes.ready), pdf: timedOf(lateTimes.pdf), total: timedOf(lateTimes.total) },
        },
      };
    } finally {
      await worker?.stop();
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  } finally {
    mailer.close();
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

const fmt = (r: LoadResult) => `p50 ${r.p50.toFixed(1)} ms · p95 ${r.p95.toFixed(1)} ms · p99 ${r.p99.toFixed(1)} ms · ${r.rps.toFixed(0)} req/s · ${r.requests} requests, ${r.errors} errors`;
const ms = (t: Timed) => `median ${t.p50.toFixed(0)} ms · max ${t.max.toFixed(0)} ms`;

export function printRules(r: RulesBenchResult) {
  const ofBare = (l: LoadResult) => `${((100 * l.rps) / r.bare.rps).toFixed(1)}% of the bare route`;
  const met = (l: LoadResult) => (l.p95 <= 100 && l.errors === 0 ? 'target p95 ≤ 100 ms met' : 'target p95 ≤ 100 ms MISSED');
  console.log(`\n[PostgreSQL] certificates by rules: a seminar of ${r.people.toLocaleString('en')} participants, 5 sessions (${r.sessionCheckins.toLocaleString('en')} session check-ins), ${r.evaluations.toLocaleString('en')} evaluations, beside a ${r.otherPeople.toLocaleString('en')}-participant event; seeded in ${r.seedSeconds.toFixed(1)} s`);
  console.log(`  ${r.connections} connections, ${r.seconds} s each:`);
  for (const c of r.counts) {
    console.log(`  GET eligible-count, ${c.label}: ${c.eligible} eligible (expected ${c.expected}${c.eligible === c.expected ? '' : ' — WRONG'}) · ${fmt(c.load)} · ${ofBare(c.load)} · ${met(c.load)}`);
  }
  console.log(`  GET evaluation summary: ${fmt(r.summary)} · ${ofBare(r.summary)} · ${met(r.summary)}`);
  console.log(`  bare GET /healthz on the same server: ${fmt(r.bare)}`);
  for (const p of r.plans) console.log(`  EXPLAIN ${p.statement}: ${p.scans} · planning ${p.planningMs} ms, execution ${p.executionMs} ms${p.jitMs ? ` (of it JIT ${p.jitMs.toFixed(0)} ms)` : ''} · ${p.buffers}`);
  const p = r.publish;
  console.log(`[PostgreSQL] publishing an eligible certificate (${p.rule}) to ${p.recipients} (PNG + PDF + mail, real renderer, one worker): ${p.seconds.toFixed(1)} s · ${p.perSecond.toFixed(1)} certificates/s (target ≥ 16/s: ${p.perSecond >= 16 ? 'met' : 'MISSED'}) · peak RSS ${p.peakRssMb.toFixed(0)} MB · ${p.coresUsed.toFixed(2)} cores used`);
  const d = r.download.duringBatch;
  console.log(`[PostgreSQL] first download before the batch reached them (last ${d.people} of a ${d.recipients}-recipient batch rendering meanwhile, ${d.renderedBeforeAsked} already rendered when asked): list ${ms(d.list)} · PDF ${ms(d.pdf)} · both ${ms(d.first)} (target ≤ 1 s: ${d.first.max <= 1000 ? 'met' : d.first.p50 <= 1000 ? 'median met, max MISSED' : 'MISSED'}) · ${(d.pdfBytes / 1024).toFixed(0)} KB PDF; the batch took ${d.batchSeconds.toFixed(1)} s`);
  const l = r.download.late;
  console.log(`[PostgreSQL] eligible after the batch (${l.people} answer the evaluation, worker polling every 200 ms): answer ${ms(l.answer)} · until listed ready ${ms(l.untilReady)} · PDF ${ms(l.pdf)} · answer to PDF in hand ${ms(l.total)}`);
}
