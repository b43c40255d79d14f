import { costLine, costPerRequest, type cpuSampler } from './cpu.js';
import type { Drained } from './drain.js';
import { runLoad, type LoadResult } from './load.js';
import type { Caller, ScaleRowSpec } from './scale-rows.js';

/**
 * The scale bench's loop, the same for PostgreSQL and the embedded database: probe each row once
 * on the server it times (a 200 is required before a row is timed), then time every row, the
 * server drained before the bare route and before each row, and say per row whether it meets the
 * target.
 */
export const TARGET = { p95Ms: 50, ofBare: 0.10 };

export interface Probe { row: ScaleRowSpec; status: number; error?: string }
export interface RowResult {
  route: string; who: Caller;
  /** Why the row was not timed (its probe did not answer 200). */
  skipped?: string;
  load?: LoadResult; ratio?: number; drained?: Drained;
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

/** One request per row: a row that does not answer 200 is not timed. */
export async function probeRows(base: string, rows: ScaleRowSpec[], tokens: Tokens): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (const row of rows) {
    const res = await fetch(base + row.url, { headers: headersOf(tokens, row.who) });
    const body = await res.text();
    probes.push({ row, status: res.status, error: res.status === 200 ? undefined : `${res.status} ${body.slice(0, 200)}` });
  }
  return probes;
}

export const meetsTarget = (l: LoadResult, ratio: number) => l.ok > 0 && l.errors === 0 && l.p95 <= TARGET.p95Ms && ratio >= TARGET.ofBare;

export async function measureRows(o: {
  label: string; base: string; probes: Probe[]; tokens: Tokens;
  seconds: number; connections: number; drain: () => Promise<Drained>;
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
  for (const p of o.probes) {
    const r = p.row;
    if (p.error) {
      const skipped: RowResult = { route: r.route, who: r.who, skipped: p.error, meets: false };
      rows.push(skipped);
      o.onRow?.(skipped, bareFirst);
      continue;
    }
    const headers = headersOf(o.tokens, r.who);
    await o.drain();
    await runLoad({ url: o.base + r.url, headers, connections: 10, seconds: 1 }); // warm-up: prepared plans, the database's buffers
    const drained = await o.drain();
    const load = await costed(() => runLoad({ url: o.base + r.url, headers, connections: o.connections, seconds: o.seconds }));
    // Against the first bare run while the rows go by; against the faster of both in the end.
    const ratio = load.rps / bareFirst.rps;
    const result: RowResult = { route: r.route, who: r.who, load, ratio, drained, meets: meetsTarget(load, ratio) };
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

/** A row in one or two lines: figures and verdict, then its CPU cost when sampled. */
export function rowLines(r: RowResult): string[] {
  const name = `${r.route} [${r.who}]`.padEnd(66);
  if (r.skipped) return [`  ${name} NOT TIMED: probe answered ${r.skipped}`];
  const l = r.load!;
  const drain = r.drained!.capped ? ' · DRAIN CAP HIT (60 s): queued work still running' : '';
  let figures: string;
  if (l.ok === 0) figures = `NO COMPLETED REQUESTS in ${l.seconds} s${l.requests ? ` (${l.requests} answers, none 200)` : ''}${l.errors ? ` · ${l.errors} errors` : ''}`;
  else figures = `p50 ${ms(l.p50)} ms · p95 ${ms(l.p95)} ms · ${l.rps.toFixed(0).padStart(6)} req/s · ${(r.ratio! * 100).toFixed(1).padStart(5)}% of bare${l.errors ? ` · ${l.errors} ERRORS` : ''}`;
  const cost = costLine(l.cost);
  return [`  ${name} ${figures} · ${r.meets ? 'meets' : 'MISSES'}${drain}`, ...(cost ? [`      CPU a request: ${cost}`] : [])];
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
