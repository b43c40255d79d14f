import { endpoint } from '../endpoint.js';
import { createUserResponseSchema, createUserSchema } from '../schemas/admin.js';
import {
  approvalBodySchema, approvalParamsSchema, approvalResponseSchema, reviewListQuerySchema, reviewListResponseSchema,
  revisionDecisionResponseSchema, revisionDecisionSchema, revisionListQuerySchema, revisionListResponseSchema,
} from '../schemas/review.js';

/** Platform administration: accounts and the review of submitted events. */
export const ADMIN = {
  createUser: endpoint({ method: 'POST', path: '/v1/admin/users', tags: ['admin'], access: 'admin', body: createUserSchema, status: 201, response: createUserResponseSchema }),
  reviewList: endpoint({ method: 'GET', path: '/v1/admin/events/review', tags: ['admin'], access: 'admin', query: reviewListQuerySchema, status: 200, response: reviewListResponseSchema }),
  decide: endpoint({
    method: 'POST', path: '/v1/admin/events/:id/approval', tags: ['admin'], access: 'admin', params: approvalParamsSchema, body: approvalBodySchema,
    status: 200, response: approvalResponseSchema,
  }),
  revisionList: endpoint({ method: 'GET', path: '/v1/admin/events/revisions', tags: ['admin'], access: 'admin', query: revisionListQuerySchema, status: 200, response: revisionListResponseSchema }),
  decideRevision: endpoint({
    method: 'POST', path: '/v1/admin/events/:id/revision', tags: ['admin'], access: 'admin', params: approvalParamsSchema, body: revisionDecisionSchema,
    status: 200, response: revisionDecisionResponseSchema,
  }),
};
