import { endpoint } from '../endpoint.js';
import { evaluationBodySchema, evaluationParamsSchema, evaluationResponseSchema } from '../schemas/evaluation.js';

const tags = ['evaluation'] as const;

/**
 * The event's evaluation form (API.md, "Sessions, evaluation and certificate rules"): read by
 * any member, saved by owners and admins. Saving questions once answers exist: 409
 * EVALUATION_LOCKED (the window may still change).
 */
export const EVALUATION = {
  get: endpoint({
    action: 'events.read', method: 'GET', path: '/v1/events/:id/evaluation', tags, params: evaluationParamsSchema, status: 200, response: evaluationResponseSchema,
  }),
  put: endpoint({
    action: 'events.write', method: 'PUT', path: '/v1/events/:id/evaluation', tags, params: evaluationParamsSchema, body: evaluationBodySchema,
    status: 200, response: evaluationResponseSchema,
  }),
};
