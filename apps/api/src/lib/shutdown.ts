import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { HARD_STOP_GRACE_MS } from './hard-stop.js';

export interface ShutdownOptions {
  app: FastifyInstance;
  /** Runs once the server has closed: the database, the data-dir lock. */
  closeResources: () => Promise<void>;
  /** Past this, shutdown gives up: it logs what is still open and exits 1. */
  boundMs: number;
  exit: (code: number) => void;
  /**
   * Arms a stop that the main thread cannot hold up (lib/hard-stop.ts: a thread SIGKILLs the
   * process), called with the bound plus a grace as the shutdown begins. Absent in-process (tests).
   */
  killAfter?: (ms: number) => void;
}

/** What is still open, for the log line of a shutdown that ran past its bound. */
export interface OpenWork {
  sockets: number;
  requests: { method: string; url: string; ms: number; cut?: boolean }[];
  jobs: { id: string; kind: string }[];
  /** Node's own count of what keeps the event loop alive (TCPSocketWrap, FSReqCallback, Timeout…). */
  resources: Record<string, number>;
}

/**
 * Graceful, bounded shutdown. Stop listening and drop idle keep-alive sockets at once (a
 * browser keeps six open for 72 s; Node's server.close would wait for them); let requests in
 * flight answer for half the bound; then cut every connection still open (a download a client
 * stopped reading never ends by itself); stop the workers and close the database. Whatever is
 * still pending at the bound is logged and the process exits 1 instead of lingering.
 * Call `track()` before listening, so every socket is counted.
 */
export function boundedShutdown({ app, closeResources, boundMs, exit, killAfter }: ShutdownOptions) {
  const sockets = new Set<Socket>();
  let closing = false;
  // Requests whose connections were cut: their handlers may still be running (a pending fs call),
  // which is what the report at the bound is for, but the abort took them off the in-flight list.
  let cut: OpenWork['requests'] = [];
  const withCut = (open: OpenWork['requests']) => {
    const still = new Set(open.map((r) => `${r.method} ${r.url}`));
    return [...open, ...cut.filter((r) => !still.has(`${r.method} ${r.url}`))];
  };

  const openWork = (): OpenWork => {
    const resources: Record<string, number> = {};
    for (const r of process.getActiveResourcesInfo()) resources[r] = (resources[r] ?? 0) + 1;
    return { sockets: sockets.size, requests: withCut(app.inflight()), jobs: app.runningJobs?.() ?? [], resources };
  };

  return {
    openWork,
    track() {
      app.server.on('connection', (s: Socket) => {
        sockets.add(s);
        s.once('close', () => sockets.delete(s));
      });
    },
    shutdown(signal: string) {
      if (closing) return;
      closing = true;
      // First: the timer below needs a free main thread, this one does not.
      killAfter?.(boundMs + HARD_STOP_GRACE_MS);
      app.log.info({ signal, boundMs }, 'shutting down: finishing in-flight requests');
      // Not unref'd: this timer is what ends a shutdown that hangs.
      const bound = setTimeout(() => {
        app.log.error({ signal, boundMs, open: openWork() }, `shutdown did not finish within ${boundMs} ms; exiting with what is still open`);
        exit(1);
      }, boundMs);
      // A keep-alive socket whose request answers after close() would otherwise idle on.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      const closed = app.close();
      app
        .drain(boundMs / 2)
        .then(() => {
          cut = app.inflight().map((r) => ({ ...r, cut: true }));
          app.server.closeAllConnections();
        })
        .then(() => closed)
        .then(closeResources)
        .then(
          () => {
            clearTimeout(bound);
            clearInterval(sweep);
            exit(0);
          },
          (err: unknown) => {
            app.log.error({ err, open: openWork() }, 'shutdown failed');
            exit(1);
          },
        );
    },
  };
}
