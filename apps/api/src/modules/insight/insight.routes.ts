import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  educationResponseSchema, genderResponseSchema, insightIdParamsSchema, insightQuerySchema, insightSeriesResponseSchema,
} from '@eo/contract';
import { ownerScope } from '../../lib/scope.js';
import { callerOf } from '../../plugins/auth.js';
import type { Db } from '../../db/client.js';
import { InsightService } from './insight.service.js';

/** Insight calls of spec section 7 (event overview charts); organizer-scoped, 404 for others' events. */
export function insightRoutes(app: FastifyInstance, db: Db) {
  const insight = new InsightService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['insight'];
  const seriesSchema = { tags, params: insightIdParamsSchema, querystring: insightQuerySchema, response: { 200: insightSeriesResponseSchema } };

  const paths = [
    ['/v1/events/:id/views', 'views'],
    ['/v1/event-foll/:id/insight', 'saves'],
    ['/v1/event-regist/:id/insight', 'registrants'],
  ] as const;
  for (const [url, metric] of paths) {
    r.get(url, { schema: seriesSchema }, async (request) => ({
      data: { result: await insight.series(ownerScope(callerOf(request)), request.params.id, metric, request.query) },
    }));
  }

  r.get('/v1/event-regist/:id/insight/education', {
    schema: { tags, params: insightIdParamsSchema, response: { 200: educationResponseSchema } },
  }, async (request) => ({ data: { result: await insight.education(ownerScope(callerOf(request)), request.params.id) } }));

  r.get('/v1/event-regist/:id/insight/gender', {
    schema: { tags, params: insightIdParamsSchema, response: { 200: genderResponseSchema } },
  }, async (request) => ({ data: { result: await insight.gender(ownerScope(callerOf(request)), request.params.id) } }));
}
