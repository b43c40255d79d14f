import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time a request costs each side of a load run: the API process, the PostgreSQL server's
 * processes and the load generator (autocannon, in this process). A run's req/s moves with the
 * machine's phase (the bare route measured 31,000–55,000 req/s within an hour with the same
 * code); the CPU a request takes moves far less, so it compares rows across runs. Read from
 * /proc (Linux; elsewhere the sides are undefined and nothing is printed).
 */
export interface CpuCost { apiUs?: number; dbUs?: number; loadUs: number }
interface CpuSample { apiMs?: number; dbMs?: number; loadMs: number }

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times, on every configuration this runs on. */
const MS_PER_TICK = 10;

/** CPU time (user + system, ms) a process has used, or undefined when it cannot be read. */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it start past its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return undefined;
  }
}

/** CPU time (ms) of every process named `name` (PostgreSQL: the postmaster and its backends). */
export function processesCpuMs(name: string): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  let total = 0;
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== name) continue;
    } catch {
      continue; // gone meanwhile
    }
    total += processCpuMs(Number(pid)) ?? 0;
  }
  return total;
}

/**
 * A sampler of the three sides: `apiPid` the API server's process, `database` whether a
 * PostgreSQL server is measured (the embedded database runs inside the API process).
 */
export function cpuSampler(apiPid: number | undefined, database: boolean) {
  return (): CpuSample => {
    const own = process.cpuUsage();
    return { apiMs: apiPid === undefined ? undefined : processCpuMs(apiPid), dbMs: database ? processesCpuMs('postgres') : undefined, loadMs: (own.user + own.system) / 1000 };
  };
}

/** What each side spent a request between two samples. */
export function costPerRequest(before: CpuSample, after: CpuSample, requests: number): CpuCost {
  const us = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || requests === 0 ? undefined : ((b - a) * 1000) / requests);
  return { apiUs: us(before.apiMs, after.apiMs), dbUs: us(before.dbMs, after.dbMs), loadUs: us(before.loadMs, after.loadMs) ?? 0 };
}

/** `API 95 µs + PostgreSQL 52 µs + load 21 µs` (the sides measured). */
export function costLine(c: CpuCost | undefined): string {
  if (!c || c.apiUs === undefined) return '';
  return [`API ${c.apiUs.toFixed(0)} µs`, c.dbUs === undefined ? undefined : `PostgreSQL ${c.dbUs.toFixed(0)} µs`, `load ${c.loadUs.toFixed(0)} µs`].filter(Boolean).join(' + ');
}
