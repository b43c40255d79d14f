import dayjs, { type Dayjs } from 'dayjs';
import { normalizeTicket, PRICE_STEP, UNLIMITED, type EVENT_TIME_TYPES, type QUOTA_TYPES, type TicketInput } from '@eo/contract';
import type { TicketContext } from '../ticket-issues';
import { newKey, questionFromInput, toQuestion, type QuestionDraft } from './question-form';

/**
 * The participant-category modal's state and its only translations to and from `TicketInput`:
 * `toTicket` is what `ticketIssues` judges, `saveTicket` adds the spec's "on save" defaults.
 * Pickers work on dayjs objects; the ticket stores WIB calendar dates and `HH:mm` strings.
 */
export type EventTimeType = (typeof EVENT_TIME_TYPES)[number];
export type QuotaType = (typeof QUOTA_TYPES)[number];

export interface DateRow { key: string; date: Dayjs | null; startHour: Dayjs | null; endHour: Dayjs | null }

export interface TicketForm {
  id?: string;
  name: string;
  quotaType: QuotaType | null;
  quota: number | null;
  maxPerUser: number | null;
  /** Rows without a date are left out of the ticket (an empty row is just an open picker). */
  dates: DateRow[];
  timeType: EventTimeType;
  singleStart: Dayjs | null;
  singleEnd: Dayjs | null;
  deadlineDate: Dayjs | null;
  deadlineHour: Dayjs | null;
  type: 'free' | 'paid';
  price: number | null;
  fakePrice: number | null;
  questions: QuestionDraft[];
  requiresApproval: boolean;
  waitlist: boolean;
  /** A hidden ticket's code as typed; null for a ticket everyone sees. */
  accessCode: string | null;
}

const DATE = 'YYYY-MM-DD';
const HOUR = 'HH:mm';
/** What the date pickers show (`10 Des 2026`) and also read (`2026-12-10`, `10/12/2026`). */
export const DAY_FORMAT = ['D MMM YYYY', DATE, 'DD/MM/YYYY'];
export const HOUR_FORMAT = HOUR;
export const parseDate = (s: string | null | undefined) => (s ? dayjs(s) : null);
export const parseHour = (s: string | null | undefined) => (s ? dayjs(`2000-01-01T${s}`) : null);
export const fmtDate = (d: Dayjs | null) => (d ? d.format(DATE) : null);
export const fmtHour = (d: Dayjs | null) => (d ? d.format(HOUR) : null);

/** Whole rupiah / whole numbers: what the number inputs keep of what was typed. */
export function floorOrNull(v: number | string | null | undefined): number | null {
  const n = typeof v === 'string' ? Number(v) : v;
  return n === null || n === undefined || Number.isNaN(n) ? null : Math.floor(n);
}

export const emptyDateRow = (): DateRow => ({ key: newKey(), date: null, startHour: null, endHour: null });

/** Paid tickets open at the form's default price (spec section 9: default 1000). */
export function withTicketType(f: TicketForm, type: 'free' | 'paid'): TicketForm {
  return { ...f, type, price: type === 'paid' && !f.price ? PRICE_STEP : f.price };
}

export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function fromTicket(t: TicketInput | null, ctx: TicketContext): TicketForm {
  if (!t) {
    return {
      name: '', quotaType: null, quota: null, maxPerUser: null, dates: [emptyDateRow()], timeType: 'Single Time',
      singleStart: null, singleEnd: null, deadlineDate: null, deadlineHour: null,
      type: ctx.isPaidEvent ? 'paid' : 'free', price: ctx.isPaidEvent ? PRICE_STEP : null, fakePrice: null, questions: [],
      requiresApproval: false, waitlist: false, accessCode: null,
    };
  }
  const first = t.dates[0];
  // The stored dates are the truth: a "Single Time" ticket whose dates disagree is edited per date.
  const hours = new Set(t.dates.map((d) => `${d.startHour ?? ''}|${d.endHour ?? ''}`));
  const quota = t.originalQuota ?? null;
  // A paid ticket costing 0 is a free one (the API stores it so, the card shows `Gratis`).
  const paid = t.type === 'paid' || (t.type == null && (t.price ?? 0) > 0);
  const type = ctx.isPaidEvent && paid && t.price !== 0 ? 'paid' : 'free';
  return {
    id: t.id,
    name: t.name ?? '',
    quotaType: t.originalQuotaType ?? (quota === null ? null : quota < 0 ? 'unlimited' : 'limited'),
    quota: quota !== null && quota >= 0 ? quota : null,
    maxPerUser: t.maxTicketPerUser != null && t.maxTicketPerUser >= 0 ? t.maxTicketPerUser : null,
    dates: t.dates.length
      ? t.dates.map((d) => ({ key: newKey(), date: parseDate(d.date), startHour: parseHour(d.startHour), endHour: parseHour(d.endHour) }))
      : [emptyDateRow()],
    timeType: t.eventTimeType === 'Custom Time' || hours.size > 1 ? 'Custom Time' : 'Single Time',
    singleStart: parseHour(first ? first.startHour : t.eventTimeSingle?.startHour),
    singleEnd: parseHour(first ? first.endHour : t.eventTimeSingle?.endHour),
    deadlineDate: parseDate(t.registrationDeadline?.date),
    deadlineHour: parseHour(t.registrationDeadline?.hour),
    type,
    price: type === 'paid' ? (t.price ?? null) : null,
    fakePrice: t.fakePrice ?? null,
    questions: t.registrationSteps.map(questionFromInput),
    requiresApproval: t.requiresApproval,
    waitlist: t.waitlist,
    accessCode: t.accessCode ?? null,
  };
}

/** The ticket as typed, for `ticketIssues`: nothing is repaired here, so every problem stays visible. */
export function toTicket(f: TicketForm, ctx: TicketContext): TicketInput {
  const single = f.timeType === 'Single Time';
  const paid = ctx.isPaidEvent && f.type === 'paid';
  return {
    ...(f.id ? { id: f.id } : {}),
    name: f.name,
    // External registration does not ask quota questions (spec: dropped for non-internal).
    originalQuotaType: ctx.internal ? f.quotaType : null,
    originalQuota: !ctx.internal ? null : f.quotaType === 'unlimited' ? UNLIMITED : f.quota,
    maxTicketPerUser: ctx.internal ? f.maxPerUser : null,
    dates: f.dates.flatMap((r) => (r.date
      ? [{ date: r.date.format(DATE), startHour: fmtHour(single ? f.singleStart : r.startHour), endHour: fmtHour(single ? f.singleEnd : r.endHour) }]
      : [])),
    eventTimeType: f.timeType,
    eventTimeSingle: single ? { startHour: fmtHour(f.singleStart), endHour: fmtHour(f.singleEnd) } : null,
    registrationDeadline: { date: fmtDate(f.deadlineDate), hour: fmtHour(f.deadlineHour) },
    type: paid ? 'paid' : 'free',
    price: paid ? f.price : 0,
    fakePrice: paid ? f.fakePrice : null,
    registrationSteps: f.questions.map(toQuestion),
    // Seats are the platform's: external registration has none, only a limited quota runs out,
    // and approval and the waiting list are for free tickets (a paid seat is bought at once).
    requiresApproval: ctx.internal && !paid && f.requiresApproval,
    waitlist: ctx.internal && !paid && f.quotaType === 'limited' && f.waitlist,
    // A hidden ticket keeps its code as typed, even empty, so the code's rule can refuse it.
    accessCode: ctx.internal && f.accessCode !== null ? f.accessCode.trim() : null,
  };
}

/**
 * What the modal hands back: the contract's "on save" normalisation (spec section 5), the same
 * the API applies: max per account capped to a limited quota, price 0 when paid and empty,
 * fake price as an absolute integer, options dropped from free-text questions, empty
 * descriptions as null.
 */
export function saveTicket(f: TicketForm, ctx: TicketContext): TicketInput {
  return normalizeTicket(toTicket(f, ctx), { isPaidEvent: ctx.isPaidEvent, internal: ctx.internal });
}

/** A stored ticket's locked parts go back exactly as loaded (the API refuses any change to them). */
export function keepLocked(out: TicketInput, initial: TicketInput): TicketInput {
  return {
    ...out,
    originalQuotaType: initial.originalQuotaType,
    dates: initial.dates,
    eventTimeType: initial.eventTimeType,
    eventTimeSingle: initial.eventTimeSingle,
  };
}

/** The index in `ticket.dates` of a form row (rows without a date are not in the ticket). */
export function dateIndexOf(rows: DateRow[], row: number): number | null {
  if (!rows[row]?.date) return null;
  return rows.slice(0, row).filter((r) => r.date).length;
}

export const hasEventDate = (f: TicketForm) => f.dates.some((r) => r.date);

/** Paths the modal shows under a field; anything else is listed above the footer so nothing blocks Simpan unseen. */
const PLACED = new RegExp(
  '^(name|originalQuotaType|originalQuota|maxTicketPerUser|type|price|fakePrice|accessCode|dates(\\.\\d+\\.(date|startHour|endHour))?' +
    '|eventTimeSingle\\.(startHour|endHour)|registrationDeadline\\.(date|hour)' +
    '|registrationSteps\\.\\d+\\.(name|description|type|options(\\.\\d+\\.name)?|maxFiles|accept))$',
);

export function unplacedIssues(issues: Map<string, string[]>): string[] {
  return [...new Set([...issues].filter(([path]) => !PLACED.test(path)).flatMap(([, m]) => m))];
}
