/**
 * Every user-facing text of the spec, once. Spelled exactly as the spec writes them
 * (typos such as `Restriced access` included): tests and clients match on them.
 */
export const MSG = {
  // Section 5, login
  emailRequired: 'Please input your email',
  passwordRequired: 'Please input your password',
  passwordMin: 'Password must have at least 8 characters',
  // Section 6 and 8, auth
  restricedAccess: 'Restriced access',
  restrictedAccess: 'Restricted access',
  somethingWentWrong: 'Something Went Wrong',
} as const;

/** Texts of ours, for cases the spec leaves open. */
export const OWN_MSG = {
  invalidCredentials: 'Email atau password salah',
  tooManyAttempts: 'Terlalu banyak percobaan masuk. Coba lagi dalam {minutes} menit.',
  unauthorized: 'Sesi berakhir, silakan masuk kembali',
  notFound: 'Not found',
  validation: 'Invalid request',
  internal: 'Something Went Wrong',
  platformKey: 'Invalid platform key',
} as const;

/** Machine ids that travel with messages (`messageId`). */
export const MESSAGE_ID = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL_ERROR',
  tokenReused: 'REFRESH_TOKEN_REUSED',
  ticketSoldOut: 'TICKET_SOLD_OUT',
  maxTicketPerUser: 'MAX_TICKET_PER_USER',
  registrationClosed: 'REGISTRATION_CLOSED',
} as const;

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
