import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, wibDay, wibInstant } from '@eo/contract';
import type { Db } from '../../apps/api/src/db/client.js';
import { events } from '../../apps/api/src/db/schema/index.js';
import { findMembership } from '../../apps/api/src/lib/access.repository.js';
import { createUser } from '../../apps/api/src/modules/users/users.service.js';
import { percentiles } from './load.js';

/**
 * Insight window latency. `seedInsightBench` (before the server starts) leaves `views` views of
 * one event over `days` WIB days in event_daily_metrics, as the intake calls would have, beside
 * `otherEvents` events with a year of daily rows each so that the table is large; it also
 * EXPLAINs the window query. `benchInsight` then times 10-day windows through the HTTP route.
 */
export interface InsightBenchSetup {
  eventId: string; organizer: { email: string; password: string };
  views: number; days: number; metricRows: number; seedMs: number;
  /** Scan nodes of one window query's plan, and its execution time inside the database. */
  plan: string; dbExecutionMs: number;
}

export interface InsightBenchResult {
  requests: number; p50: number; p95: number; p99: number; max: number;
  /** Sum of a whole-year call: must equal the seeded views. */
  yearTotal: number;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function login(baseUrl: string, who: { email: string; password: string }) {
  const res = await fetch(`${baseUrl}/v1/login/email`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...who, platform: 'eo_dashboard' }),
  });
  return ((await res.json()) as { data: { tokenData: { token: string } } }).data.tokenData.token;
}

export async function seedInsightBench(db: Db, opts: { views?: number; days?: number; otherEvents?: number } = {}): Promise<InsightBenchSetup> {
  const views = opts.views ?? 1_000_000;
  const days = opts.days ?? 365;
  const otherEvents = opts.otherEvents ?? 2000;
  const t0 = performance.now();
  const organizer = { email: `insight-bench-${randomBytes(4).toString('hex')}@demo.id`, password: randomBytes(12).toString('hex') };
  const creatorId = await createUser(db, { ...organizer, name: 'Insight Bench', roles: ['eventOrganizer'] });
  const organizationId = (await findMembership(db, creatorId, undefined))!.organizationId;
  const [event] = await db.insert(events).values({
    organizationId, creatorId, name: 'Bench: insight', type: 'Webinar', isDraft: false, approvedStatus: 'approved', registrationMethod: 'internal',
  }).returning({ id: events.id });
  const today = wibDay(new Date());
  // Exactly `views` in total: an even share per day, the remainder on the latest days.
  await db.execute(sql`
    insert into event_daily_metrics (event_id, day, views, saves, registrants)
    select ${event.id}::uuid, ${today}::date - g, ${Math.floor(views / days)} + case when g < ${views % days} then 1 else 0 end, g % 40, g % 25
    from generate_series(0, ${days - 1}) g`);
  await db.execute(sql`
    insert into events (creator_id, name, is_draft, approved_status)
    select ${creatorId}::uuid, 'Bench: other ' || g, false, 'approved' from generate_series(1, ${otherEvents}) g`);
  await db.execute(sql`
    insert into event_daily_metrics (event_id, day, views, saves, registrants)
    select e.id, ${today}::date - g, (random() * 5000)::int, (random() * 200)::int, (random() * 50)::int
    from events e cross join generate_series(0, ${days - 1}) g
    where e.creator_id = ${creatorId}::uuid and e.id <> ${event.id}::uuid`);
  await db.execute(sql`analyze event_daily_metrics`);
  const [count] = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from event_daily_metrics`));
  // The repository's window query (insight.repository.ts), explained: an index range scan on (event_id, day).
  const plan = rows<{ 'QUERY PLAN': string }>(await db.execute(sql`
    explain (analyze, costs off)
    select day, views from event_daily_metrics
    where event_id = ${event.id}::uuid and day between ${addDays(today, -100)}::date and ${addDays(today, -91)}::date`))
    .map((r) => r['QUERY PLAN']);
  return {
    eventId: event.id, organizer, views, days, metricRows: count.n, seedMs: performance.now() - t0,
    plan: plan.filter((l) => l.includes('Scan')).map((l) => l.replace('->', '').trim()).join(' / '),
    dbExecutionMs: Number(plan.find((l) => l.startsWith('Execution Time'))?.match(/[\d.]+/)?.[0] ?? NaN),
  };
}

export async function benchInsight(opts: { baseUrl: string; setup: InsightBenchSetup; requests?: number }): Promise<InsightBenchResult> {
  const { baseUrl, setup } = opts;
  const requests = opts.requests ?? 200;
  const token = await login(baseUrl, setup.organizer);
  const today = wibDay(new Date());
  const series = async (from: string, to: string) => {
    const q = `granularity=day&timeZone=Asia/Jakarta&startTime=${wibInstant(from).toISOString()}&endTime=${wibInstant(to, '23:59').toISOString()}`;
    const res = await fetch(`${baseUrl}/v1/events/${setup.eventId}/views?${q}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`insight call answered ${res.status}`);
    return ((await res.json()) as { data: { result: { count: number }[] } }).data.result;
  };
  // A 10-day window somewhere in the seeded year, as the dashboard's prev/next would ask.
  const window = () => {
    const to = addDays(today, -Math.floor(Math.random() * (setup.days - 10)));
    return [addDays(to, -9), to] as const;
  };
  for (let i = 0; i < 20; i++) await series(...window()); // warm-up: connections, JIT
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await series(...window());
    samples.push(performance.now() - started);
  }
  const yearTotal = (await series(addDays(today, -(setup.days - 1)), today)).reduce((s, p) => s + p.count, 0);
  return { requests, ...percentiles(samples), yearTotal };
}
