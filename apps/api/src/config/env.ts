import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { WHATSAPP_TEMPLATES, type WhatsAppKind } from '@eo/contract';
import { parseStorageUrl, type S3Location } from './storage-url.js';
import { apiPath } from '../lib/api-root.js';

/**
 * The one place that reads `process.env`. Everything else receives a `Config`.
 * Embedded mode (no DATABASE_URL): a PostgreSQL server run by the app in DATA_DIR/pg, demo seed, generated JWT secret.
 * Server mode (DATABASE_URL): nothing seeded unless SEED_DEMO=1, JWT_SECRET required.
 */
const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

const optionalText = z.string().optional().transform((v) => v?.trim() || undefined);
/** A template's name as Meta takes it: lower-case letters, digits and underscores. */
const templateName = (fallback: string) => z.string().trim().regex(/^[a-z0-9_]{1,512}$/, 'a template name has lower-case letters, digits and underscores').default(fallback);

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  /** `s3://bucket[/prefix]?endpoint=…&region=…`: files in an S3-compatible store instead of DATA_DIR/files. */
  STORAGE_URL: z.string().optional().transform((v) => v || undefined),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  /** Connections this process keeps to its PostgreSQL server; every process of the app has its own pool. */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO: flag,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('EO Dashboard <no-reply@eo-dashboard.local>'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  PLATFORM_API_KEY: z.string().min(8).optional(),
  MAINTENANCE_URL: z.string().url().optional(),
  GEOCODER_URL: z
    .string()
    .url()
    .refine((v) => v.includes('{q}'), 'GEOCODER_URL must contain {q} where the search text goes')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** At most one geocoder call per this many ms from this process (the public Nominatim policy: 1 s). */
  GEOCODER_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Geocoder answers kept, and for how long. */
  GEOCODER_CACHE_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  GEOCODER_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(30 * 86_400).default(86_400),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).default(3600),
  REFRESH_TOKEN_TTL: z.coerce.number().int().min(300).default(2_592_000),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_ACCOUNT_SLOW_AFTER: z.coerce.number().int().min(1).default(10),
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  WITHDRAWAL_CODE_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  WITHDRAWAL_CODE_FAILURES_PER_USER: z.coerce.number().int().min(1).default(20),
  WITHDRAWAL_REQUESTS_PER_DAY: z.coerce.number().int().min(1).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: flag,
  PUBLIC_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  /** The name the public pages sign with (titles, og:site_name); empty means the default. */
  PUBLIC_SITE_NAME: z.string().trim().max(60, 'PUBLIC_SITE_NAME must have at most 60 characters').optional()
    .transform((v) => v || 'EO Dashboard'),
  /** Background workers in this process (0: none, e.g. an API-only process). */
  JOB_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  /** How long a claimed job stays its worker's without a renewal: after a crash, another worker takes it once this lapses. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
  /**
   * Proof of work on the public writes (modules/proof-of-work): PBKDF2-SHA-256 iterations per try,
   * and the highest counter a challenge hides (drawn between half of it and it). The solver tries
   * counters from 0, so a solve costs about 3/4 of ALTCHA_MAX_COUNTER × ALTCHA_COST iterations;
   * the defaults take about a second on a slow phone (docs/performance.md, Proof of work).
   */
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  ALTCHA_MAX_COUNTER: z.coerce.number().int().min(1).max(10_000_000).default(280),
  /** Requests per minute from one address to each public route (verify, invoice link, refresh, places). */
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Requests per minute one organization API key may make, all routes together. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
  PUBLIC_UPLOAD_MB_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(25),
  /** Certificate previews rendered at once in this process, and per organizer. */
  PREVIEW_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PREVIEW_PER_ORGANIZER: z.coerce.number().int().min(1).max(64).default(1),
  /** How long a preview waits for a free slot before 429. */
  PREVIEW_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /** Certificate recipients one organizer may publish to in any 24 hours. */
  CERT_RECIPIENTS_PER_DAY: z.coerce.number().int().min(1).default(2000),
  /** Announcement recipients one organization may address in any 24 hours (reminders not counted). */
  MESSAGE_DAILY_CAP: z.coerce.number().int().min(1).default(5000),
  /** Message mails per second one process sends (through the SMTP pool). */
  MESSAGE_RATE: z.coerce.number().min(0.1).max(10_000).default(50),
  /**
   * First wait before a message mail refused temporarily (4xx, connection lost) is tried again;
   * doubled per try (4 tries). Half a minute lets a greylisting server take it the second time;
   * tests shorten it.
   */
  MESSAGE_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /**
   * WhatsApp Business Cloud API (docs/configuration.md, WhatsApp): all four or none. None: no
   * WhatsApp at all, mail only.
   */
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  /** The Graph API's base with its version; tests point it at a local server speaking the same protocol. */
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v21.0').transform((v) => v.replace(/\/+$/, '')),
  /** WhatsApp messages per second this process sends. */
  WHATSAPP_RATE: z.coerce.number().min(0.1).max(1000).default(20),
  /** First wait before a message refused for the moment (429, 5xx, connection lost) is tried again; doubled per try. */
  WHATSAPP_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** Tries of a message on temporary failures before it is marked failed. */
  WHATSAPP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** The templates' language code, as approved. */
  WHATSAPP_LANGUAGE: z.string().trim().min(2).max(15).default('id'),
  WHATSAPP_TEMPLATE_TICKET: templateName(WHATSAPP_TEMPLATES.ticket.name),
  WHATSAPP_TEMPLATE_DECLINED: templateName(WHATSAPP_TEMPLATES.declined.name),
  WHATSAPP_TEMPLATE_WAITLIST_OFFER: templateName(WHATSAPP_TEMPLATES.waitlistOffer.name),
  WHATSAPP_TEMPLATE_REMINDER_DAY: templateName(WHATSAPP_TEMPLATES.reminderDay.name),
  WHATSAPP_TEMPLATE_REMINDER_HOUR: templateName(WHATSAPP_TEMPLATES.reminderHour.name),
  WHATSAPP_TEMPLATE_CERTIFICATE: templateName(WHATSAPP_TEMPLATES.certificate.name),
  /**
   * Webhooks may be sent to private, loopback and link-local addresses (a receiver on this
   * machine or network, in development and tests). Off: such a URL is refused at save and at send.
   */
  WEBHOOK_ALLOW_PRIVATE: flag,
  /** First wait before a failed webhook try is made again; doubled per try, at most 2 h, for 24 h. */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  /** SIGTERM/SIGINT: past this, the process logs what is still open and exits 1. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(20),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** STORAGE_URL read: files in this bucket; undefined: under DATA_DIR/files. */
  s3?: S3Location;
  /** The PostgreSQL pool's size (DB_POOL_SIZE). */
  dbPoolSize: number;
  /** Seed the demo organization when the database is empty. */
  seedDemo: boolean;
  smtpUrl?: string;
  mailFrom: string;
  jwtSecret: string;
  /** Undefined: platform intake refuses every call. */
  platformApiKey?: string;
  maintenanceUrl?: string;
  /** Nominatim-style search URL with `{q}`; undefined: places come from the embedded gazetteer only. */
  geocoderUrl?: string;
  /** Throttle and cache of the geocoder's calls (`modules/places/geocoder.ts`). */
  geocoder: { minIntervalMs: number; cacheEntries: number; cacheTtlMs: number };
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** Sign-in throttle (`modules/auth/login-throttle.ts`). */
  login: { maxFailures: number; maxFailuresPerIp: number; lockMinutes: number; accountSlowAfter: number; accountMaxDelaySeconds: number };
  /** Wrong withdrawal codes and requests allowed over a rolling day (`modules/payouts/withdrawal-limits.ts`). */
  withdrawals: { codeFailuresPerAccount: number; codeFailuresPerUser: number; requestsPerDay: number };
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
  trustProxy: boolean;
  /** Where people reach the app: links in mails and on certificates (`/verify/{serial}`). */
  publicUrl: string;
  /** The site's name on the public pages: their titles and `og:site_name` (PUBLIC_SITE_NAME). */
  publicSiteName: string;
  jobWorkers: number;
  jobLeaseMs: number;
  publicRateLimit: number;
  apiKeyRateLimit: number;
  /** Megabytes of answer files one address may send in an hour that no registration names yet (PUBLIC_UPLOAD_MB_PER_HOUR). */
  publicUploadMbPerHour: number;
  /** The proof of work's cost (ALTCHA_COST, ALTCHA_MAX_COUNTER); its keys derive from jwtSecret. */
  altcha: { cost: number; maxCounter: number };
  preview: { concurrency: number; perOrganizer: number; waitMs: number };
  certRecipientsPerDay: number;
  messages: { dailyCap: number; ratePerSecond: number; retryBaseMs: number };
  /** WhatsApp Business Cloud API; undefined: not configured, mail only. */
  whatsapp?: WhatsAppConfig;
  webhooks: { allowPrivate: boolean; retryBaseMs: number };
  /** Bound on a graceful shutdown; half of it is for in-flight requests. */
  shutdownTimeoutMs: number;
  /**
   * Whether every answer is checked against its endpoint's response schema
   * (plugins/response-serializer.ts): everywhere but NODE_ENV=production (the default) and benchmark.
   */
  checkResponses: boolean;
}

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  verifyToken: string;
  /** The Graph API's base with its version, without a trailing slash. */
  apiUrl: string;
  ratePerSecond: number;
  retryBaseMs: number;
  maxAttempts: number;
  language: string;
  /** The approved template's name of each kind. */
  templates: Record<WhatsAppKind, string>;
}

/** WHATSAPP_*: all four credentials or none; a part of them is a mistake said at start. */
function whatsappOf(e: Env): WhatsAppConfig | undefined {
  const parts = { WHATSAPP_TOKEN: e.WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID: e.WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET: e.WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN: e.WHATSAPP_VERIFY_TOKEN };
  const missing = Object.entries(parts).filter(([, v]) => !v).map(([k]) => k);
  if (missing.length === 4) return undefined;
  if (missing.length) {
    throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required when any WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET or WHATSAPP_VERIFY_TOKEN is set`).join('\n')}`);
  }
  return {
    token: e.WHATSAPP_TOKEN!, phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID!, appSecret: e.WHATSAPP_APP_SECRET!, verifyToken: e.WHATSAPP_VERIFY_TOKEN!,
    apiUrl: e.WHATSAPP_API_URL, ratePerSecond: e.WHATSAPP_RATE, retryBaseMs: e.WHATSAPP_RETRY_BASE_MS, maxAttempts: e.WHATSAPP_MAX_ATTEMPTS, language: e.WHATSAPP_LANGUAGE,
    templates: {
      ticket: e.WHATSAPP_TEMPLATE_TICKET, declined: e.WHATSAPP_TEMPLATE_DECLINED, waitlistOffer: e.WHATSAPP_TEMPLATE_WAITLIST_OFFER,
      reminderDay: e.WHATSAPP_TEMPLATE_REMINDER_DAY, reminderHour: e.WHATSAPP_TEMPLATE_REMINDER_HOUR, certificate: e.WHATSAPP_TEMPLATE_CERTIFICATE,
    },
  };
}

export const DEMO_PLATFORM_API_KEY = 'demo-platform-key';

/** Embedded mode keeps a generated secret beside its data, so tokens survive a restart. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export class ConfigError extends Error {}

/**
 * Only where the data lives, without creating anything there (loadConfig generates the JWT
 * secret): backup and restore look at DATA_DIR before anything is written to it.
 */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): { dataDir: string; databaseUrl?: string; s3?: S3Location } {
  const parsed = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true, STORAGE_URL: true, AWS_ACCESS_KEY_ID: true, AWS_SECRET_ACCESS_KEY: true }).safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return { dataDir: path.resolve(parsed.data.DATA_DIR), databaseUrl: parsed.data.DATABASE_URL, s3: s3Location(parsed.data) };
}

/** The bucket of STORAGE_URL (with the credentials beside it), or undefined; a malformed one is a ConfigError. */
function s3Location(e: Pick<Env, 'STORAGE_URL' | 'AWS_ACCESS_KEY_ID' | 'AWS_SECRET_ACCESS_KEY'>): S3Location | undefined {
  if (!e.STORAGE_URL) return undefined;
  const { location, issues } = parseStorageUrl(e.STORAGE_URL, e);
  if (!location) throw new ConfigError(`Invalid configuration:\n${issues.map((m) => `  STORAGE_URL: ${m}`).join('\n')}`);
  return location;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const serverMode = Boolean(e.DATABASE_URL);
  if (serverMode && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when DATABASE_URL is set (all API processes must share it)');
  }
  const seedDemo = e.SEED_DEMO ?? !serverMode;
  const s3 = s3Location(e);
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    s3,
    dbPoolSize: e.DB_POOL_SIZE,
    seedDemo,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET ?? embeddedSecret(dataDir),
    platformApiKey: e.PLATFORM_API_KEY ?? (seedDemo ? DEMO_PLATFORM_API_KEY : undefined),
    maintenanceUrl: e.MAINTENANCE_URL,
    geocoderUrl: e.GEOCODER_URL,
    geocoder: { minIntervalMs: e.GEOCODER_MIN_INTERVAL_MS, cacheEntries: e.GEOCODER_CACHE_ENTRIES, cacheTtlMs: e.GEOCODER_CACHE_TTL_SECONDS * 1000 },
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      lockMinutes: e.LOGIN_LOCK_MINUTES,
      accountSlowAfter: e.LOGIN_ACCOUNT_SLOW_AFTER,
      accountMaxDelaySeconds: e.LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
    },
    withdrawals: {
      codeFailuresPerAccount: e.WITHDRAWAL_CODE_FAILURES_PER_ACCOUNT,
      codeFailuresPerUser: e.WITHDRAWAL_CODE_FAILURES_PER_USER,
      requestsPerDay: e.WITHDRAWAL_REQUESTS_PER_DAY,
    },
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? apiPath('../web/dist')),
    trustProxy: e.TRUST_PROXY ?? false,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicSiteName: e.PUBLIC_SITE_NAME,
    jobWorkers: e.JOB_WORKERS,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    publicRateLimit: e.PUBLIC_RATE_LIMIT,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    publicUploadMbPerHour: e.PUBLIC_UPLOAD_MB_PER_HOUR,
    altcha: { cost: e.ALTCHA_COST, maxCounter: e.ALTCHA_MAX_COUNTER },
    preview: { concurrency: e.PREVIEW_CONCURRENCY, perOrganizer: e.PREVIEW_PER_ORGANIZER, waitMs: e.PREVIEW_WAIT_MS },
    certRecipientsPerDay: e.CERT_RECIPIENTS_PER_DAY,
    messages: { dailyCap: e.MESSAGE_DAILY_CAP, ratePerSecond: e.MESSAGE_RATE, retryBaseMs: e.MESSAGE_RETRY_BASE_MS },
    whatsapp: whatsappOf(e),
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? false, retryBaseMs: e.WEBHOOK_RETRY_BASE_MS },
    shutdownTimeoutMs: Math.round(e.SHUTDOWN_TIMEOUT_SECONDS * 1000),
    checkResponses: e.NODE_ENV !== 'production' && e.NODE_ENV !== 'benchmark',
  };
}
