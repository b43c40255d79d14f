import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approvalBodySchema, approvalParamsSchema, approvalResponseSchema, REVIEW_MSG, reviewListQuerySchema, reviewListResponseSchema,
} from '@eo/contract';
import type { ReviewService } from './review.service.js';

export function reviewRoutes(app: FastifyInstance, service: ReviewService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  r.get('/v1/admin/events/review', {
    config: { access: 'admin' },
    schema: { tags, querystring: reviewListQuerySchema, response: { 200: reviewListResponseSchema } },
  }, async (request) => ({ data: await service.list(request.query) }));

  r.post('/v1/admin/events/:id/approval', {
    config: { access: 'admin' },
    schema: { tags, params: approvalParamsSchema, body: approvalBodySchema, response: { 200: approvalResponseSchema } },
  }, async (request) => {
    const result = await service.decide(request.params.id, request.body);
    return { data: { result }, message: result.approvedStatus === 'approved' ? REVIEW_MSG.approved : REVIEW_MSG.rejected };
  });
}
