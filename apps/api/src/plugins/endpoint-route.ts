import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Endpoint, EndpointAnswer, EndpointRequest } from '@eo/contract';

/** The request of an endpoint's route, its parts typed by the contract's schemas (validated before the handler runs). */
export type RouteRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointRequest<E>['params'];
  Querystring: EndpointRequest<E>['query'];
  Body: EndpointRequest<E>['body'];
  Headers: EndpointRequest<E>['headers'];
}>;

/**
 * Returns the success answer (sent with the endpoint's status), or the reply when it sent
 * something itself (a file, a page, a 204); `reply.code()` picks another declared status.
 */
export type RouteHandler<E extends Endpoint> = (request: RouteRequest<E>, reply: FastifyReply) => Promise<EndpointAnswer<E> | FastifyReply>;

/** What a route may add to its declaration: limits and per-route hooks, never its shape. */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest' | 'preValidation' | 'preHandler' | 'config'>;

/**
 * Registers the route of a contract endpoint: method, path, access and every schema come from
 * the declaration, so a request or answer that drifts from the contract fails (400 for the
 * request, a 500 in tests for the answer) and /docs shows what the web is typed against.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: RouteHandler<E>, extras: RouteExtras = {}) {
  // Default-deny for roles too: a signed-in route must say which row of the permission table it is.
  if (endpoint.access === 'user' && !endpoint.action) throw new Error(`${endpoint.method} ${endpoint.path}: a user endpoint needs an action (organization-roles.ts)`);
  app.route({
    ...extras,
    method: endpoint.method,
    url: endpoint.path,
    config: { ...extras.config, access: endpoint.access, action: endpoint.action, organizationParam: endpoint.organizationParam },
    schema: {
      tags: [...endpoint.tags],
      ...(endpoint.summary ? { summary: endpoint.summary } : {}),
      ...(endpoint.hide ? { hide: true } : {}),
      ...(endpoint.consumes ? { consumes: [...endpoint.consumes] } : {}),
      ...(endpoint.produces ? { produces: [...endpoint.produces] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      response: { [endpoint.status]: endpoint.response, ...endpoint.responses },
    },
    handler: async (request, reply) => {
      reply.code(endpoint.status);
      return handler(request as RouteRequest<E>, reply);
    },
  });
}
