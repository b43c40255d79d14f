import { z } from 'zod';
import { MSG } from '../messages.js';
import { PASSWORD_MIN } from '../constants.js';
import { PLATFORM_EO_DASHBOARD } from '../enums.js';
import { envelope } from './common.js';

/** Login form and `POST /v1/login/email` body (spec section 5, Login). */
export const loginFormSchema = z.object({
  email: z.string({ error: MSG.emailRequired }).trim().min(1, MSG.emailRequired).max(254),
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .min(PASSWORD_MIN, MSG.passwordMin)
    .max(200),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const loginRequestSchema = loginFormSchema.extend({
  platform: z.literal(PLATFORM_EO_DASHBOARD).default(PLATFORM_EO_DASHBOARD),
});

/** A missing refresh token is answered 401 `Restricted access` (spec section 8), not 400. */
export const refreshRequestSchema = z.object({
  refreshToken: z.string().max(512).optional(),
  platform: z.literal(PLATFORM_EO_DASHBOARD).default(PLATFORM_EO_DASHBOARD),
});

export const tokenDataSchema = z.object({
  token: z.string(),
  tokenType: z.literal('Bearer'),
  refreshToken: z.string(),
  /** Seconds from now. */
  expire: z.number().int(),
  refreshExpire: z.number().int(),
});
export type TokenData = z.infer<typeof tokenDataSchema>;

export const roleEntrySchema = z.object({ role: z.object({ name: z.string() }) });
export type RoleEntry = z.infer<typeof roleEntrySchema>;

export const userSchema = z.object({
  email: z.string(),
  profile: z.object({
    userId: z.string(),
    name: z.string(),
    userLevel: z.object({ level: z.string() }),
  }),
});
export type SessionUser = z.infer<typeof userSchema>;

export const loginResponseSchema = envelope(
  z.object({ tokenData: tokenDataSchema, roles: z.array(roleEntrySchema), user: userSchema }),
);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * The refresh answer. `refreshToken` is absent when the token came from the dashboard's
 * HttpOnly cookie (the new one is in the cookie only, out of reach of page scripts).
 */
export const refreshResponseSchema = envelope(z.object({ tokenData: tokenDataSchema.partial({ refreshToken: true }) }));
export const rolesResponseSchema = envelope(z.object({ docs: z.array(roleEntrySchema) }));
