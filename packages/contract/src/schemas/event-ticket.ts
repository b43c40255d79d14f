import { z } from 'zod';
import { EVENT_MSG } from '../messages.js';
import { SEATS_MSG } from '../messages-seats.js';
import { EVENT_TIME_TYPES, QUESTION_TYPES, QUOTA_TYPES, TICKET_TYPES } from '../enums.js';
import { hhmm, isoDate, maxText, optText } from './event-fields.js';

export const MAX_NINE_DIGITS = 999_999_999;
/** 19 digits is what the spec allows; integers beyond 2^53 cannot be exact, so that is the real cap. */
export const MAX_PRICE = Number.MAX_SAFE_INTEGER;
export const PRICE_STEP = 1000;
export const PAID_PRICE_MIN = 10_000;

export const questionOptionSchema = z.object({
  name: maxText(72),
  optionOrderNumber: z.number().int().min(0).max(1000).optional(),
});

/** A registration question (spec section 3). Required-ness is checked by `eventIssues`. */
export const questionSchema = z.object({
  id: z.string().uuid().optional(),
  name: optText(200),
  description: optText(500),
  type: z.enum(QUESTION_TYPES).nullish(),
  options: z.array(questionOptionSchema).max(50).default([]),
  isGeneral: z.boolean().default(false),
  isRequired: z.boolean().default(true),
  isTicketBuyerOnly: z.boolean().default(false),
  stepOrderNumber: z.number().int().min(0).max(1000).optional(),
  maxFiles: z.number().int().min(1).max(20).nullish(),
  accept: z.array(z.enum(['pdf', 'image'])).max(2).nullish(),
});
export type QuestionInput = z.infer<typeof questionSchema>;

export const ticketDateSchema = z.object({
  date: isoDate,
  startHour: hhmm.nullish(),
  endHour: hhmm.nullish(),
});

/** A hidden ticket's access code (API.md, Seats): compared without case. */
export const ACCESS_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;

export const ticketSchema = z.object({
  id: z.string().uuid().optional(),
  name: optText(72),
  originalQuotaType: z.enum(QUOTA_TYPES).nullish(),
  originalQuota: z.number().int().min(-1).max(MAX_NINE_DIGITS, EVENT_MSG.maxNineDigits).nullish(),
  dates: z.array(ticketDateSchema).max(60).default([]),
  eventTimeType: z.enum(EVENT_TIME_TYPES).nullish(),
  eventTimeSingle: z.object({ startHour: hhmm.nullish(), endHour: hhmm.nullish() }).nullish(),
  registrationDeadline: z.object({ date: isoDate.nullish(), hour: hhmm.nullish() }).nullish(),
  type: z.enum(TICKET_TYPES).nullish(),
  /** Floored to whole rupiah. */
  price: z.number().min(0).max(MAX_PRICE, EVENT_MSG.priceInvalid).transform(Math.floor).nullish(),
  fakePrice: z.number().max(MAX_PRICE, EVENT_MSG.priceInvalid).min(-MAX_PRICE, EVENT_MSG.priceInvalid).transform((v) => Math.abs(Math.floor(v))).nullish(),
  maxTicketPerUser: z.number().int().min(-1).max(MAX_NINE_DIGITS, EVENT_MSG.maxNineDigits).nullish(),
  registrationSteps: z.array(questionSchema).max(50).default([]),
  /** A registration lands `pending`, holding no seat, until the organizer approves it. */
  requiresApproval: z.boolean().default(false),
  /** Once sold out, people may join the ticket's waiting list. */
  waitlist: z.boolean().default(false),
  /** Set: a hidden ticket, shown and sold only with this code (`/e/{id}?kode=CODE`). */
  accessCode: z.string().trim().regex(ACCESS_CODE_PATTERN, SEATS_MSG.accessCode).nullish(),
});
export type TicketInput = z.infer<typeof ticketSchema>;
