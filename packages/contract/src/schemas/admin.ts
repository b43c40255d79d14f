import { z } from 'zod';
import { MSG } from '../messages.js';
import { PASSWORD_MIN } from '../constants.js';
import { ROLE_NAMES } from '../enums.js';
import { envelope } from './common.js';

/** `POST /v1/admin/users`. */
export const createUserSchema = z.object({
  email: z.email(MSG.emailRequired).max(254),
  name: z.string().trim().min(1).max(120),
  password: z.string().min(PASSWORD_MIN, MSG.passwordMin).max(200),
  roles: z.array(z.enum(ROLE_NAMES)).min(1).max(3),
});
export const createUserResponseSchema = envelope(z.object({ result: z.object({ id: z.string(), email: z.string() }) }));
