import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackInflight } from '../plugins/inflight.js';
import { HARD_STOP_GRACE_MS } from './hard-stop.js';
import { boundedShutdown } from './shutdown.js';

describe('bounded shutdown', () => {
  it('past the bound: logs the open sockets, requests and jobs, and exits 1', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
    const app = Fastify({ logger: { level: 'info', stream }, forceCloseConnections: 'idle' });
    trackInflight(app);
    app.decorate('runningJobs', () => [{ id: '42', kind: 'certificate.publish' }]);
    // A worker whose current step never returns (a pending fs request): close never finishes.
    app.addHook('onClose', () => new Promise<void>(() => {}));
    // The shutdown starts once the request is in flight, not after a guessed delay (flaky under load).
    let entered!: () => void;
    const inFlight = new Promise<void>((resolve) => { entered = resolve; });
    app.get('/slow', () => { entered(); return new Promise(() => {}); });
    let closedResources = false;
    const armed: number[] = [];
    const exited = new Promise<number>((resolve) => {
      const s = boundedShutdown({ app, boundMs: 400, closeResources: async () => { closedResources = true; }, exit: resolve, killAfter: (ms) => armed.push(ms) });
      s.track();
      void app.listen({ port: 0, host: '127.0.0.1' }).then(async () => {
        const { port } = app.server.address() as { port: number };
        fetch(`http://127.0.0.1:${port}/slow`).catch(() => {});
        await inFlight;
        s.shutdown('SIGTERM');
      });
    });
    expect(await exited).toBe(1);
    expect(closedResources).toBe(false);
    expect(armed).toEqual([400 + HARD_STOP_GRACE_MS]);
    const report = JSON.parse(lines.find((l) => l.includes('shutdown did not finish'))!);
    expect(report.open.requests).toEqual([expect.objectContaining({ method: 'GET', url: '/slow' })]);
    expect(report.open.jobs).toEqual([{ id: '42', kind: 'certificate.publish' }]);
    expect(typeof report.open.sockets).toBe('number');
    expect(report.open.resources).toBeTypeOf('object');
  });
});
