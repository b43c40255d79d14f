import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once no request is in flight, or after `timeoutMs` whatever happens. */
    drain(timeoutMs: number): Promise<void>;
    /** The requests being handled now (for the shutdown report). */
    inflight(): { method: string; url: string; ms: number }[];
  }
}

/**
 * Counts requests being handled, so that shutdown can close the database only after the last
 * one has answered (Fastify's close stops new work but does not wait for handlers to finish).
 */
export function trackInflight(app: FastifyInstance) {
  // Request → when it arrived.
  const open = new Map<FastifyRequest, number>();
  let waiters: (() => void)[] = [];
  const done = async (request: FastifyRequest) => {
    if (!open.delete(request) || open.size > 0) return;
    const ready = waiters;
    waiters = [];
    ready.forEach((resolve) => resolve());
  };
  app.addHook('onRequest', async (request) => {
    open.set(request, Date.now());
  });
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
  app.decorate('inflight', () => [...open].map(([r, at]) => ({ method: r.method, url: r.url.split('?')[0]!, ms: Date.now() - at })));
  app.decorate('drain', function drain(timeoutMs: number): Promise<void> {
    if (open.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
}
