import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once no request is in flight, or after `timeoutMs` whatever happens. */
    drain(timeoutMs: number): Promise<void>;
  }
}

/**
 * Counts requests being handled, so that shutdown can close the database only after the last
 * one has answered (Fastify's close stops new work but does not wait for handlers to finish).
 */
export function trackInflight(app: FastifyInstance) {
  const open = new Set<FastifyRequest>();
  let waiters: (() => void)[] = [];
  const done = async (request: FastifyRequest) => {
    if (!open.delete(request) || open.size > 0) return;
    const ready = waiters;
    waiters = [];
    ready.forEach((resolve) => resolve());
  };
  app.addHook('onRequest', async (request) => {
    open.add(request);
  });
  app.addHook('onResponse', done);
  app.addHook('onRequestAbort', done);
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
