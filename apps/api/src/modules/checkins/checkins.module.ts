import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { attendanceRoutes } from './attendance.routes.js';
import { AttendanceService } from './attendance.service.js';
import { checkinsRoutes } from './checkins.routes.js';
import { CheckinsService } from './checkins.service.js';
import { sessionAttendanceRoutes } from './session-attendance.routes.js';
import { SessionAttendanceService } from './session-attendance.service.js';

/** Check-in at the door and online attendance: both set a registrant's one check-in. */
export function createCheckinsModule({ db }: { db: Db }) {
  const checkins = new CheckinsService(db);
  const attendance = new AttendanceService(db);
  return {
    routes: (app: FastifyInstance) => {
      checkinsRoutes(app, checkins);
      attendanceRoutes(app, attendance);
      sessionAttendanceRoutes(app, new SessionAttendanceService(db));
    },
  };
}
