import { z } from 'zod';
import { envelope } from './common.js';

/** `status` is the string "true" or "false", as the spec's status file has it. */
export const maintenanceSchema = z.object({
  status: z.enum(['true', 'false']),
  subtitle: z.string().max(200),
  description: z.string().max(2000),
  ending: z.string().max(500),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;
export const maintenanceResponseSchema = envelope(maintenanceSchema);
