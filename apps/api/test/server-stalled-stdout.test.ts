import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, sleep, type World } from './real-server-world.js';
import { startServer, type ServerProcess } from './server-process.js';

/**
 * A server whose stdout reader stops reading (a log shipper that hangs, a pager left open): the
 * pipe fills with access-log lines, and SIGTERM must still end the process within
 * SHUTDOWN_TIMEOUT_SECONDS, whatever is left unwritten. Exit code 0 says it ended through the
 * graceful path, before the bound (which exits 1) and before the hard stop (SIGKILL, no code).
 */
const BOUND_SECONDS = 3;
// How long the test waits for the exit: slack for a loaded machine; a process that hangs stays far longer.
const SLACK_MS = 5_000;
let world: World;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  world = await createWorld('stalled_stdout');
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill()));
  await world?.remove();
});

/** Requests at the default log level whose lines (an 8 KB url each) far exceed what the pipe and this process's socket buffer take. */
async function logMegabytes(base: string) {
  const url = `${base}/healthz?pad=${'x'.repeat(8_000)}`;
  for (let i = 0; i < 30; i++) {
    const statuses = await Promise.all(Array.from({ length: 10 }, async () => (await fetch(url)).status));
    expect(statuses.every((s) => s === 200)).toBe(true);
  }
}

/** The exit code, or 'still running' when the process outlives `ms` after the signal. */
async function stopWithin(server: ServerProcess, ms: number) {
  return Promise.race([server.stop('SIGTERM'), sleep(ms).then(() => 'still running' as const)]);
}

describe('shutdown with a stalled stdout', () => {
  it('the reader stops reading: SIGTERM ends the process within the bound, 0', async () => {
    const server = await startServer(world.serverOptions({ LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_SECONDS: String(BOUND_SECONDS) }));
    servers.push(server);
    server.child.stdout!.pause();
    await logMegabytes(server.base);
    expect(await stopWithin(server, BOUND_SECONDS * 1000 + SLACK_MS)).toBe(0);
  });

  it('the reader goes away: the server keeps serving, and SIGTERM ends it, 0', async () => {
    const server = await startServer(world.serverOptions({ LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_SECONDS: String(BOUND_SECONDS) }));
    servers.push(server);
    server.child.stdout!.pause();
    await logMegabytes(server.base);
    // The read end closed: the server's next writes fail with EPIPE.
    server.child.stdout!.destroy();
    await logMegabytes(server.base);
    expect(await stopWithin(server, BOUND_SECONDS * 1000 + SLACK_MS)).toBe(0);
  });
});
