import type { FastifyInstance } from 'fastify';
import { ATTENDANCE, ATTENDANCE_MSG } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { AttendanceService } from './attendance.service.js';

/** Online attendance (API.md, "Check-in and attendance"). */
export function attendanceRoutes(app: FastifyInstance, service: AttendanceService) {
  route(app, ATTENDANCE.getCode, async (request) => ({ data: { result: await service.getCode(callerOf(request), request.params.id) } }));

  route(app, ATTENDANCE.setCode, async (request) => ({
    data: { result: await service.setCode(callerOf(request), request.params.id, request.body) }, message: ATTENDANCE_MSG.saved,
  }));

  const answer = (result: { already: boolean }) => (result.already ? ATTENDANCE_MSG.alreadyAttended : ATTENDANCE_MSG.attended);

  route(app, ATTENDANCE.attend, async (request) => {
    const result = await service.attendByTicket(request.body);
    return { data: { result }, message: answer(result) };
  });

  route(app, ATTENDANCE.attendPlatform, async (request) => {
    const result = await service.attendOnPlatform(request.params.eventId, request.body);
    return { data: { result }, message: answer(result) };
  });
}
