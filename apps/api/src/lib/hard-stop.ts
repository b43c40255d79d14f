import { Worker } from 'node:worker_threads';

/** How long past the shutdown bound the hard stop waits: time for the bound's report and exit 1 (LOG_DRAIN_MS, lib/log-stream.ts). */
export const HARD_STOP_GRACE_MS = 1_000;

/**
 * SIGKILLs this process `ms` from now, from a thread of its own. The shutdown bound is a timer on
 * the main thread: a main thread stuck in a synchronous call (a write to a terminal or file that
 * does not drain, a flush at exit) runs neither it nor a second SIGTERM's handler. This thread's
 * timer fires regardless. Started when a shutdown begins, not before: an idle thread costs memory.
 */
export function killAfter(ms: number): void {
  const worker = new Worker("setTimeout(() => process.kill(process.pid, 'SIGKILL'), require('node:worker_threads').workerData);", {
    eval: true,
    workerData: ms,
    // Not the parent's flags: `--import tsx` would load the TypeScript loader into this thread too.
    execArgv: [],
  });
  // A shutdown that finishes in time exits without waiting for it.
  worker.unref();
}
