import type { FastifyInstance } from 'fastify';
import { INSIGHT } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { InsightService } from './insight.service.js';

/** Insight calls of spec section 7 (event overview charts), the twibbon downloads and attendance; organizer-scoped, 404 for others' events. */
export function insightRoutes(app: FastifyInstance, insight: InsightService) {
  for (const metric of ['views', 'saves', 'registrants', 'twibbonDownloads'] as const) {
    route(app, INSIGHT[metric], async (request) => ({
      data: { result: await insight.series(callerOf(request), request.params.id, metric, request.query) },
    }));
  }

  route(app, INSIGHT.education, async (request) => ({ data: { result: await insight.education(callerOf(request), request.params.id) } }));

  route(app, INSIGHT.gender, async (request) => ({ data: { result: await insight.gender(callerOf(request), request.params.id) } }));

  route(app, INSIGHT.attendance, async (request) => ({ data: { result: await insight.attendance(callerOf(request), request.params.id) } }));
}
