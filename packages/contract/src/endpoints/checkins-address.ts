import type { EndpointAddress } from '../endpoint.js';

/**
 * The check-in endpoints' addresses: the phone-first door screen calls them without
 * zod (`callAt`), like the screens of addresses.ts. A module of its own, so the addresses every
 * route loads do not grow with them.
 */
export const CHECKINS_ADDRESS = {
  checkIn: { method: 'POST', path: '/v1/events/:id/checkins', access: 'user' },
  undo: { method: 'DELETE', path: '/v1/events/:id/checkins/:registrantId', access: 'user' },
  summary: { method: 'GET', path: '/v1/events/:id/checkins/summary', access: 'user' },
  offlinePack: { method: 'GET', path: '/v1/events/:id/checkins/offline-pack', access: 'user' },
  search: { method: 'GET', path: '/v1/events/:id/checkins/search', access: 'user' },
  sync: { method: 'POST', path: '/v1/events/:id/checkins/sync', access: 'user' },
  /** Online attendance's code (endpoints/attendance.ts), set from the same screen. */
  attendanceCode: { method: 'GET', path: '/v1/events/:id/attendance-code', access: 'user' },
  setAttendanceCode: { method: 'PUT', path: '/v1/events/:id/attendance-code', access: 'user' },
} as const satisfies Record<string, EndpointAddress>;
