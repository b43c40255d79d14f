import { endpoint } from '../endpoint.js';
import { maintenanceResponseSchema, maintenanceSchema } from '../schemas/maintenance.js';
import { MAINTENANCE_ADDRESS } from './addresses.js';

/** Spec section 2 (Maintenance). */
export const MAINTENANCE = {
  get: endpoint({ ...MAINTENANCE_ADDRESS.get, tags: ['maintenance'], status: 200, response: maintenanceResponseSchema }),
  set: endpoint({ method: 'PUT', path: '/v1/admin/maintenance', tags: ['admin'], access: 'admin', body: maintenanceSchema, status: 200, response: maintenanceResponseSchema }),
};
