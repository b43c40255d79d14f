import type { FastifyInstance, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for suites that must cover all of them (authorization, fuzzing). */
    routeTable: RouteOptions[];
  }
}

/** Keeps the options of every route registered from here on (call before any route). */
export function recordRoutes(app: FastifyInstance) {
  const table: RouteOptions[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    table.push(route);
  });
}
