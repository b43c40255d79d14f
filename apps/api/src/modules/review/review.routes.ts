import type { FastifyInstance } from 'fastify';
import { ADMIN, REVIEW_MSG } from '@eo/contract';
import { route } from '../../plugins/endpoint-route.js';
import type { ReviewService } from './review.service.js';

export function reviewRoutes(app: FastifyInstance, service: ReviewService) {
  route(app, ADMIN.reviewList, async (request) => ({ data: await service.list(request.query) }));

  route(app, ADMIN.decide, async (request) => {
    const result = await service.decide(request.params.id, request.body);
    return { data: { result }, message: result.approvedStatus === 'approved' ? REVIEW_MSG.approved : REVIEW_MSG.rejected };
  });

  route(app, ADMIN.revisionList, async (request) => ({ data: await service.revisions(request.query) }));

  route(app, ADMIN.decideRevision, async (request) => {
    const result = await service.decideRevision(request.params.id, request.body);
    return { data: { result }, message: result.decision === 'approve' ? REVIEW_MSG.revisionApproved : REVIEW_MSG.revisionRejected };
  });
}
