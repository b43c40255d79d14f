import { z } from 'zod';
import { endpoint } from '../endpoint.js';

/** The process's own probes: not API calls, left out of /docs. */
export const HEALTH = {
  live: endpoint({ method: 'GET', path: '/healthz', tags: ['health'], access: 'public', hide: true, status: 200, response: z.object({ status: z.literal('ok') }) }),
  ready: endpoint({
    method: 'GET', path: '/readyz', tags: ['health'], access: 'public', hide: true, status: 200,
    response: z.object({ status: z.literal('ready'), database: z.literal('postgres') }), responses: { 503: z.object({ status: z.literal('unavailable') }) },
  }),
};
