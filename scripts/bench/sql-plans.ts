import { existsSync, readFileSync, statSync } from 'node:fs';

/**
 * The plan each scale-bench row got: the statements one probe request ran (from the server's
 * BENCH_SQL_LOG, benchmark only) are run again under `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)`
 * in a transaction that is rolled back, read-only ones only.
 */
export interface LoggedStatement { sql: string; params: unknown[] }

/** One statement's plan, compact: execution time, the top node, the scans (a Seq Scan on a big table is the usual culprit). */
export interface StatementPlan {
  sql: string;
  params: unknown[];
  executionMs?: number;
  top?: string;
  scans: string[];
  seqScans: string[];
  /** The whole plan as PostgreSQL gave it. */
  plan?: unknown;
  error?: string;
}

/** Runs one statement with its parameters and answers its rows (a pg client's query). */
export type QueryRunner = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** The size of the log now: a probe's statements are those after it. */
export const logOffset = (file: string) => (existsSync(file) ? statSync(file).size : 0);

/** The statements appended to the log since `offset`. */
export function statementsSince(file: string, offset: number): LoggedStatement[] {
  if (!existsSync(file)) return [];
  return readFileSync(file).subarray(offset).toString('utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as LoggedStatement);
}

/**
 * What is safe to run again: a SELECT, or a WITH whose parts only read (no INSERT/UPDATE/DELETE
 * in it). Reads of the job queue come from the server's background worker, not the request.
 */
export function explainable(s: LoggedStatement): boolean {
  const text = s.sql.trim().toLowerCase();
  if (/\bfor (no key )?update\b|\bfor (key )?share\b/.test(text)) return false;
  if (/^\s*select\b/.test(text)) return !/\bfrom "?jobs"?\b/.test(text);
  if (/^\s*with\b/.test(text)) return !/\b(insert|update|delete|merge)\b/.test(text);
  return false;
}

interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; Plans?: PlanNode[] }

function walk(node: PlanNode, out: { scans: string[]; seqScans: string[] }) {
  const type = node['Node Type'];
  if (node['Index Name']) out.scans.push(`${type} using ${node['Index Name']}`);
  else if (node['Relation Name'] && /Scan/.test(type)) {
    const label = `${type} on ${node['Relation Name']} (${((node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1)).toLocaleString('en')} rows)`;
    out.scans.push(label);
    if (type.includes('Seq Scan')) out.seqScans.push(label);
  }
  for (const child of node.Plans ?? []) walk(child, out);
}

export async function explainStatements(run: QueryRunner, statements: LoggedStatement[]): Promise<StatementPlan[]> {
  const plans: StatementPlan[] = [];
  for (const s of statements.filter(explainable)) {
    const out: StatementPlan = { sql: s.sql, params: s.params, scans: [], seqScans: [] };
    await run('begin', []);
    try {
      const { rows } = await run(`explain (analyze, buffers, format json) ${s.sql}`, s.params);
      const raw = Object.values(rows[0])[0];
      const [doc] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode; 'Execution Time': number }];
      out.plan = doc;
      out.executionMs = doc['Execution Time'];
      out.top = doc.Plan['Node Type'];
      walk(doc.Plan, out);
    } catch (err) {
      out.error = (err as Error).message;
    } finally {
      await run('rollback', []);
    }
    plans.push(out);
  }
  return plans;
}

/** A sequential scan reading at least this many rows is flagged (one over a handful of rows is what an index would cost anyway). */
export const SEQ_SCAN_FLAG_ROWS = 1_000;

const rowsRead = (label: string) => Number(/\(([\d,]+) rows\)$/.exec(label)?.[1].replaceAll(',', '') ?? 0);

/**
 * A row's statements in one line: how many and their total execution time, the slowest one and
 * the others of at least 1 ms (three at most) with their top node and scans, and every sequential scan over
 * SEQ_SCAN_FLAG_ROWS rows flagged.
 */
export function planLine(plans: StatementPlan[]): string {
  if (plans.length === 0) return 'no SELECT logged';
  const errors = plans.filter((p) => p.error);
  const ok = plans.filter((p) => !p.error);
  const total = ok.reduce((sum, p) => sum + (p.executionMs ?? 0), 0);
  const sorted = [...ok].sort((a, b) => b.executionMs! - a.executionMs!);
  // The slowest always, then the others of at least 1 ms.
  const slowest = sorted.filter((p, i) => i === 0 || p.executionMs! >= 1).slice(0, 3);
  const flagged = [...new Set(ok.flatMap((p) => p.seqScans).filter((s) => rowsRead(s) >= SEQ_SCAN_FLAG_ROWS))];
  const parts = [`${plans.length} statement${plans.length === 1 ? '' : 's'}, ${total.toFixed(1)} ms in all`];
  for (const p of slowest) parts.push(`${p.executionMs!.toFixed(1)} ms ${p.top}: ${[...new Set(p.scans)].join(', ')}`);
  if (flagged.length) parts.push(`SEQ SCAN ${flagged.join(', ')}`);
  if (errors.length) parts.push(`${errors.length} not explained (${errors[0].error})`);
  return parts.join(' · ');
}
