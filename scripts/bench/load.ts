import autocannon from 'autocannon';
import type { CpuCost } from './cpu.js';

/**
 * Load through autocannon (a lean HTTP/1.1 client, so the driver takes little of the 2 cores
 * the server also needs). Every response's latency is kept to give exact percentiles.
 */
/** `ok`: answers with status 200 (`requests` counts every answer; `errors` the others, socket errors and timeouts). */
export interface LoadResult {
  requests: number; ok: number; errors: number; seconds: number; rps: number; p50: number; p95: number; p99: number; max: number;
  /** The CPU each side spent a request, where the caller sampled it (scale-run.ts). */
  cost?: CpuCost;
}

export async function runLoad(opts: { url: string; headers?: Record<string, string>; connections: number; seconds: number }): Promise<LoadResult> {
  const samples: number[] = [];
  let errors = 0;
  let ok = 0;
  // Without a callback autocannon returns its instance, which is also a promise of the result.
  const instance = autocannon({ url: opts.url, headers: opts.headers, connections: opts.connections, duration: opts.seconds }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    samples.push(ms);
    if (status !== 200) errors++;
    else ok++;
  });
  const result = await instance;
  errors += result.errors + result.timeouts;
  return { requests: samples.length, ok, errors, seconds: result.duration, rps: samples.length / result.duration, ...percentiles(samples) };
}

/** Exact percentiles of latencies in ms (sorts `samples` in place). */
export function percentiles(samples: number[]) {
  samples.sort((a, b) => a - b);
  const pct = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] ?? 0;
  return { p50: pct(50), p95: pct(95), p99: pct(99), max: samples.at(-1) ?? 0 };
}
