/** How long an exit waits for stdout to take the log lines written before it. */
export const LOG_DRAIN_MS = 500;

let guarded = false;
let exiting = false;

/**
 * Where the API and worker processes write their JSON log lines: process.stdout itself, not
 * pino's default destination. That one (sonic-boom) flushes its backlog synchronously when the
 * process exits and, while the write fails, sleeps 100 ms and retries, forever: EAGAIN from a
 * reader that stopped reading, then EPIPE once it went away. `process.exit` never returned, so
 * neither the shutdown bound nor a second SIGTERM ended the process. On POSIX, process.stdout on
 * a pipe or socket never blocks: what the reader has not taken waits in memory, and `exitAfterLogs`
 * gives it a bounded chance to go out. (On a file it writes synchronously, which does not stall.)
 */
export function logStream(): NodeJS.WritableStream {
  if (!guarded) {
    guarded = true;
    // The reader went away: keep serving without logs, as pino's default destination did, rather than crash.
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
    });
  }
  return process.stdout;
}

/**
 * `process.exit(code)` once stdout has taken every line written so far, or after LOG_DRAIN_MS:
 * process.exit drops what a pipe has not taken yet (the last lines of a burst, the shutdown
 * report), and a reader that stopped reading must not hold the exit up.
 */
export function exitAfterLogs(code: number): void {
  // The first call's code stands: a shutdown that finishes while the bound's exit 1 waits here.
  if (exiting) return;
  exiting = true;
  const deadline = Date.now() + LOG_DRAIN_MS;
  const check = () => {
    if (process.stdout.writableLength === 0 || process.stdout.destroyed || Date.now() >= deadline) process.exit(code);
    else setTimeout(check, 20);
  };
  check();
}
