import type { FastifyInstance } from 'fastify';
import { SESSION_ATTENDANCE } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { sendTable } from '../../lib/table-export.js';
import type { SessionAttendanceService } from './session-attendance.service.js';

/** Attendance per session (API.md, "Sessions, evaluation and certificate rules"). */
export function sessionAttendanceRoutes(app: FastifyInstance, service: SessionAttendanceService) {
  route(app, SESSION_ATTENDANCE.list, async (request) => ({ data: await service.list(callerOf(request), request.params.id, request.query) }));
  route(app, SESSION_ATTENDANCE.export, async (request, reply) => {
    const table = await service.export(callerOf(request), request.params.id, request.query.format, request.query.minSessions);
    return sendTable(reply, request.query.format, table);
  });
}
