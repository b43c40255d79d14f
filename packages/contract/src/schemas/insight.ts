import { z } from 'zod';
import { TIME_ZONE } from '../constants.js';
import { fill } from '../messages.js';
import { wibDayName, wibDayNumber } from '../time.js';
import { resultEnvelope } from './common.js';

/** Insight charts (spec sections 3, 7, 9): day series in WIB, education and gender groups. */
/** The dashboard's window (spec section 9), also the default when the query leaves one end out. */
export const INSIGHT_WINDOW_DAYS = 10;
/** A year (leap year included) is the most one call answers. */
export const INSIGHT_MAX_DAYS = 366;
export const INSIGHT_SERIES_NAMES = ['Views', 'Saved', 'Pendaftar', 'Twibbon'] as const;
export type InsightSeriesName = (typeof INSIGHT_SERIES_NAMES)[number];
/** Group labels for registrants who gave no education / gender. */
export const INSIGHT_UNKNOWN_EDUCATION = 'Lainnya';
export const INSIGHT_UNKNOWN_GENDER = 'Tidak diketahui';

export const INSIGHT_MSG = {
  granularity: "granularity must be 'day'",
  timeZone: "timeZone must be 'Asia/Jakarta'",
  instant: 'Must be an ISO-8601 instant, e.g. 2026-01-31T17:00:00.000Z',
  order: 'endTime must not be before startTime',
  tooLong: 'The window spans at most {n} days',
} as const;

/** Every WIB calendar day from the day of `start` through the day of `end`, inclusive. */
export function wibDaysBetween(start: Date, end: Date): string[] {
  return wibDayNames(wibDayNumber(start.getTime()), wibDayNumber(end.getTime()));
}

function wibDayNames(first: number, last: number): string[] {
  const days: string[] = [];
  for (let n = first; n <= last; n++) days.push(wibDayName(n));
  return days;
}

/** The WIB days a (validated) series query covers, filling a missing end as the schema documents. */
export function insightWindowDays(q: { startTime?: string; endTime?: string }, now = new Date()): string[] {
  const span = INSIGHT_WINDOW_DAYS - 1;
  const dayOf = (instant: string) => wibDayNumber(Date.parse(instant));
  const end = q.endTime ? dayOf(q.endTime) : q.startTime ? dayOf(q.startTime) + span : wibDayNumber(now.getTime());
  const start = q.startTime ? dayOf(q.startTime) : end - span;
  return wibDayNames(start, end);
}

/** Number of WIB days the window touches, without building the list (cheap to validate). */
const wibDayCount = (start: Date, end: Date) => wibDayNumber(end.getTime()) - wibDayNumber(start.getTime()) + 1;

const instant = z.iso.datetime({ offset: true, error: INSIGHT_MSG.instant });

/**
 * Query of the three series calls. granularity and timeZone default to the only values allowed;
 * a missing end of the window defaults to INSIGHT_WINDOW_DAYS from the other one, or, with
 * neither, to the INSIGHT_WINDOW_DAYS WIB days ending today (see `insightWindowDays`).
 */
export const insightQuerySchema = z
  .object({
    granularity: z.literal('day', { error: INSIGHT_MSG.granularity }).default('day'),
    startTime: instant.optional(),
    endTime: instant.optional(),
    timeZone: z.literal(TIME_ZONE, { error: INSIGHT_MSG.timeZone }).default(TIME_ZONE),
  })
  .superRefine((q, ctx) => {
    if (!q.startTime || !q.endTime) return;
    const start = new Date(q.startTime);
    const end = new Date(q.endTime);
    // Zod runs this even when a field failed its format check: leave those to that message.
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return;
    if (end < start) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: INSIGHT_MSG.order });
    } else if (wibDayCount(start, end) > INSIGHT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: fill(INSIGHT_MSG.tooLong, { n: INSIGHT_MAX_DAYS }) });
    }
  });
export type InsightQuery = z.infer<typeof insightQuerySchema>;
export type InsightQueryInput = z.input<typeof insightQuerySchema>;

export const insightIdParamsSchema = z.object({ id: z.string().max(100) });

export const insightPointSchema = z.object({
  /** WIB calendar day, `YYYY-MM-DD`. */
  time: z.string(),
  count: z.number().int(),
  name: z.enum(INSIGHT_SERIES_NAMES),
});
export type InsightPoint = z.infer<typeof insightPointSchema>;
export const insightSeriesResponseSchema = resultEnvelope(z.array(insightPointSchema));

export const educationGroupSchema = z.object({ lastEducation: z.string(), count: z.number().int() });
export const genderGroupSchema = z.object({ gender: z.string(), count: z.number().int() });
export type EducationGroup = z.infer<typeof educationGroupSchema>;
export type GenderGroup = z.infer<typeof genderGroupSchema>;
export const educationResponseSchema = resultEnvelope(z.array(educationGroupSchema));
export const genderResponseSchema = resultEnvelope(z.array(genderGroupSchema));
