import { costLine, costPerRequest, type cpuSampler } from './cpu.js';
import type { Drained } from './drain.js';
import { runLoad, type LoadResult } from './load.js';
import type { Caller, ScaleRowSpec } from './scale-rows.js';
import { explainStatements, logOffset, planLine, statementsSince, type LoggedStatement, type QueryRunner, type StatementPlan } from './sql-plans.js';

/**
 * The scale bench's loop, the same for PostgreSQL and the embedded database: probe each row once
 * on a server that logs its statements (a 200 is required before a row is timed), explain what
 * each probe ran, then time every row on a server without the log, the server drained before the
 * bare route and before each row, and say per row whether it meets the target.
 */
export const TARGET = { p95Ms: 50, ofBare: 0.25 };

export interface Probe { row: ScaleRowSpec; status: number; error?: string; statements: LoggedStatement[] }
export interface RowResult {
  route: string; who: Caller;
  /** Why the row was not timed (its probe did not answer 200). */
  skipped?: string;
  load?: LoadResult; ratio?: number; drained?: Drained;
  /** Same row with ROLE_GATE=off (PostgreSQL, BENCH_ROLE_GATE=1). */
  ungated?: LoadResult;
  plans: StatementPlan[];
  meets: boolean;
}
/**
 * `floor`: `GET /readyz` (one `select 1` on the same pool, through the same hooks as the bare
 * route): the cheapest answer that reaches the database, measured after the bare route. What it
 * keeps of the bare route's req/s bounds what any row with a statement can keep on this machine.
 */
export interface RunResult {
  label: string;
  /**
   * The bare route, measured before the rows and again after them; `bare` is the faster of the
   * two, which every row's share is of. One 5 s sample on this machine moved between 8,000 and
   * 19,000 req/s from run to run, and a low one would flatter every row (GET /v1/roles/me at 134%
   * of it): the higher of two is the stricter target.
   */
  bare: LoadResult; bareRuns: [LoadResult, LoadResult]; bareDrained: Drained;
  floor: LoadResult; rows: RowResult[]; uptime: string;
}

export type Tokens = Record<Caller, string | undefined>;
const headersOf = (tokens: Tokens, who: Caller): Record<string, string> => (tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {});

/** One request per row on the logging server; its statements are those the log grew by. */
export async function probeRows(base: string, rows: ScaleRowSpec[], tokens: Tokens, logFile: string): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (const row of rows) {
    const offset = logOffset(logFile);
    const res = await fetch(base + row.url, { headers: headersOf(tokens, row.who) });
    const body = await res.text();
    // The statements are written before the answer is sent (synchronously, as each runs).
    probes.push({ row, status: res.status, error: res.status === 200 ? undefined : `${res.status} ${body.slice(0, 200)}`, statements: statementsSince(logFile, offset) });
  }
  return probes;
}

export async function explainProbes(run: QueryRunner, probes: Probe[]): Promise<Map<Probe, StatementPlan[]>> {
  const plans = new Map<Probe, StatementPlan[]>();
  for (const p of probes) plans.set(p, p.error ? [] : await explainStatements(run, p.statements));
  return plans;
}

export const meetsTarget = (l: LoadResult, ratio: number) => l.ok > 0 && l.errors === 0 && l.p95 <= TARGET.p95Ms && ratio >= TARGET.ofBare;

/** Two runs of one side as one: requests summed, rates and percentiles averaged. */
export function meanOf(x: LoadResult, y: LoadResult): LoadResult {
  const avg = (k: 'rps' | 'p50' | 'p95' | 'p99') => (x[k] + y[k]) / 2;
  const side = (k: 'apiUs' | 'dbUs' | 'loadUs') => (x.cost?.[k] === undefined || y.cost?.[k] === undefined ? undefined : (x.cost[k] + y.cost[k]) / 2);
  return {
    requests: x.requests + y.requests, ok: x.ok + y.ok, errors: x.errors + y.errors, seconds: x.seconds + y.seconds,
    rps: avg('rps'), p50: avg('p50'), p95: avg('p95'), p99: avg('p99'), max: Math.max(x.max, y.max),
    cost: x.cost && y.cost ? { apiUs: side('apiUs'), dbUs: side('dbUs'), loadUs: side('loadUs')! } : undefined,
  };
}

export async function measureRows(o: {
  label: string; base: string; probes: Probe[]; plans: Map<Probe, StatementPlan[]>; tokens: Tokens;
  seconds: number; connections: number; drain: () => Promise<Drained>;
  /** The gate-off server (organizer rows measured on both, A B B A, first side alternating per row). */
  ungatedBase?: string;
  /** Samples the CPU of the server at `base`, its database and this process (cpu.ts), for each run on `base`. */
  cpu?: ReturnType<typeof cpuSampler>;
  onRow?: (r: RowResult, bare: LoadResult) => void;
}): Promise<RunResult> {
  const costed = async (run: () => Promise<LoadResult>): Promise<LoadResult> => {
    const before = o.cpu?.();
    const load = await run();
    return before && o.cpu ? { ...load, cost: costPerRequest(before, o.cpu(), load.requests) } : load;
  };
  const bareDrained = await o.drain();
  const bareLoad = () => costed(() => runLoad({ url: `${o.base}/healthz`, connections: o.connections, seconds: o.seconds }));
  const bareFirst = await bareLoad();
  await o.drain();
  const floor = await costed(() => runLoad({ url: `${o.base}/readyz`, connections: o.connections, seconds: o.seconds }));
  const rows: RowResult[] = [];
  for (const [i, p] of o.probes.entries()) {
    const r = p.row;
    const plans = o.plans.get(p) ?? [];
    if (p.error) {
      const skipped: RowResult = { route: r.route, who: r.who, skipped: p.error, plans, meets: false };
      rows.push(skipped);
      o.onRow?.(skipped, bareFirst);
      continue;
    }
    const headers = headersOf(o.tokens, r.who);
    let drained: Drained = { ms: 0, capped: false };
    const measure = async (at: string) => {
      await o.drain();
      await runLoad({ url: at + r.url, headers, connections: 10, seconds: 1 }); // warm-up: prepared plans, caches
      drained = await o.drain();
      const timed = () => runLoad({ url: at + r.url, headers, connections: o.connections, seconds: o.seconds });
      return at === o.base ? costed(timed) : timed();
    };
    let load: LoadResult;
    let ungated: LoadResult | undefined;
    if (o.ungatedBase && r.who === 'organizer') {
      const gatedFirst = (i % 2 === 0) !== (process.env.BENCH_GATE_ORDER === 'off-first');
      const [a, b] = gatedFirst ? [o.base, o.ungatedBase] : [o.ungatedBase, o.base];
      const a1 = await measure(a);
      const b1 = await measure(b);
      const b2 = await measure(b);
      const a2 = await measure(a);
      [load, ungated] = gatedFirst ? [meanOf(a1, a2), meanOf(b1, b2)] : [meanOf(b1, b2), meanOf(a1, a2)];
    } else {
      load = await measure(o.base);
    }
    // Against the first bare run while the rows go by; against the faster of both in the end.
    const ratio = load.rps / bareFirst.rps;
    const result: RowResult = { route: r.route, who: r.who, load, ratio, drained, ungated, plans, meets: meetsTarget(load, ratio) };
    rows.push(result);
    o.onRow?.(result, bareFirst);
  }
  await o.drain();
  const bareLast = await bareLoad();
  const bare = bareLast.rps > bareFirst.rps ? bareLast : bareFirst;
  for (const r of rows) {
    if (!r.load) continue;
    r.ratio = r.load.rps / bare.rps;
    r.meets = meetsTarget(r.load, r.ratio);
  }
  const { loadavg } = await import('node:os');
  return { label: o.label, bare, bareRuns: [bareFirst, bareLast], bareDrained, floor, rows, uptime: `load average ${loadavg().map((x) => x.toFixed(2)).join(', ')}` };
}

const ms = (x: number) => x.toFixed(1).padStart(6);

/** A row in one or two lines: figures and verdict, then its plan. */
export function rowLines(r: RowResult): string[] {
  const name = `${r.route} [${r.who}]`.padEnd(66);
  if (r.skipped) return [`  ${name} NOT TIMED: probe answered ${r.skipped}`];
  const l = r.load!;
  const drain = r.drained!.capped ? ' · DRAIN CAP HIT (60 s): queued work still running' : '';
  let figures: string;
  if (l.ok === 0) figures = `NO COMPLETED REQUESTS in ${l.seconds} s${l.requests ? ` (${l.requests} answers, none 200)` : ''}${l.errors ? ` · ${l.errors} errors` : ''}`;
  else figures = `p50 ${ms(l.p50)} ms · p95 ${ms(l.p95)} ms · ${l.rps.toFixed(0).padStart(6)} req/s · ${(r.ratio! * 100).toFixed(1).padStart(5)}% of bare${l.errors ? ` · ${l.errors} ERRORS` : ''}`;
  const cost = costLine(l.cost);
  return [`  ${name} ${figures} · ${r.meets ? 'meets' : 'MISSES'}${drain}`, ...(cost ? [`      CPU a request: ${cost}`] : []), `      plan: ${planLine(r.plans)}`];
}

export function printRun(run: RunResult, heading: string) {
  console.log(`\n${heading}`);
  console.log(`  machine: ${run.uptime}`);
  console.log(`  bare GET /healthz: ${bareLine(run)}${run.bareDrained.capped ? ' · DRAIN CAP HIT before it' : ''}`);
  console.log(`  floor ${floorLine(run)}`);
  for (const r of run.rows) for (const line of rowLines(r)) console.log(line);
  printVerdict(run);
}

export function printVerdict(run: RunResult) {
  const met = run.rows.filter((r) => r.meets).length;
  console.log(`  ${met} of ${run.rows.length} rows meet the target (p95 ≤ ${TARGET.p95Ms} ms and ≥ ${TARGET.ofBare * 100}% of the bare route's req/s, every answer a 200)`);
}

/** ` (CPU a request: …)`, or nothing when the run was not sampled. */
const costNote = (l: LoadResult) => (costLine(l.cost) ? ` (CPU a request: ${costLine(l.cost)})` : '');

const bareLine = (run: RunResult) =>
  `${run.bare.rps.toFixed(0)} req/s (p50 ${run.bare.p50.toFixed(1)} ms, p95 ${run.bare.p95.toFixed(1)} ms), the faster of ${run.bareRuns.map((b) => `${b.rps.toFixed(0)}${costNote(b)}`).join(' before the rows and ')} after them`;

const floorLine = (run: RunResult) =>
  `GET /readyz (one \`select 1\`): p50 ${run.floor.p50.toFixed(1)} ms · p95 ${run.floor.p95.toFixed(1)} ms · ${run.floor.rps.toFixed(0)} req/s · ${(run.floor.rps / run.bare.rps * 100).toFixed(1)}% of bare${costNote(run.floor)}`;

/** The run as a markdown table, as docs/performance.md shows it. */
export function markdownTable(run: RunResult): string {
  const lines = [
    `${run.label}: bare \`/healthz\` ${bareLine(run)}; ${run.uptime}`,
    '',
    `Floor, ${floorLine(run)}.`,
    '',
    '| route | caller | p50 | p95 | req/s | of bare | CPU a request | target met |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of run.rows) {
    const route = `\`${r.route}\``;
    if (r.skipped) lines.push(`| ${route} | ${r.who} | – | – | – | – | – | not timed: ${r.skipped.split('\n')[0].replaceAll('|', '\\|').slice(0, 80)} |`);
    else if (r.load!.ok === 0) lines.push(`| ${route} | ${r.who} | – | – | 0 | – | – | **no completed requests in ${r.load!.seconds} s** |`);
    else {
      const l = r.load!;
      lines.push(`| ${route} | ${r.who} | ${l.p50.toFixed(1)} ms | ${l.p95.toFixed(1)} ms | ${l.rps.toFixed(0)} | ${(r.ratio! * 100).toFixed(1)}% | ${costLine(l.cost) || '–'} | ${r.meets ? 'yes' : '**no**'}${l.errors ? ` (${l.errors} errors)` : ''} |`);
    }
  }
  const met = run.rows.filter((r) => r.meets).length;
  lines.push('', `${met} of ${run.rows.length} rows meet the target.`);
  return lines.join('\n');
}
