import {
  EDUCATION_LEVELS, GENDERS, INSIGHT_UNKNOWN_EDUCATION, INSIGHT_UNKNOWN_GENDER, insightWindowDays,
  type InsightAttendance, type EducationGroup, type GenderGroup, type InsightPoint, type InsightSeriesName,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import { Permission, requireEvent } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { registrantsByProfile } from '../../lib/counters.repository.js';
import { attendanceHours } from './attendance-hours.js';
import * as repo from './insight.repository.js';

/** Which stored counter feeds which chart. */
const SERIES: Record<repo.DailyMetric, InsightSeriesName> = {
  views: 'Views',
  saves: 'Saved',
  registrants: 'Pendaftar',
  twibbonDownloads: 'Twibbon',
};

export interface InsightWindow { startTime?: string; endTime?: string }

/**
 * Insight charts of the event overview (spec section 7). The query schema has already checked
 * granularity, time zone and window length; this checks ownership and shapes the answer.
 */
export class InsightService {
  constructor(private readonly db: Db) {}

  /** Another organizer's event, like an unknown id, answers 404: existence is not revealed. */
  private async ownEvent(caller: Caller, id: string) {
    return (await requireEvent(this.db, caller, Permission.EventRead, id)).id;
  }

  /**
   * Attendance: the counts come from the check-in counters, the hours from the
   * registrants' standing check-ins, so both leave out refunds and undone check-ins. Read with
   * EventRead like every Insight chart: a finance member sees attendance without checking in.
   */
  async attendance(caller: Caller, id: string): Promise<InsightAttendance> {
    const event = await requireEvent(this.db, caller, Permission.EventRead, id);
    const { registered, checkedIn, byHour } = await repo.attendanceOf(this.db, event.id);
    return { registered, checkedIn, byHour: attendanceHours(byHour, event) };
  }

  /**
   * One point per WIB day of the window, zero-filled. Registrants ('Pendaftar') are counted on
   * the day they registered and stay counted after a refund: the chart shows sign-up activity,
   * while the education/gender groups and the sales pages show who currently holds a seat.
   */
  async series(caller: Caller, id: string, metric: keyof typeof SERIES, window: InsightWindow, now = new Date()): Promise<InsightPoint[]> {
    const eventId = await this.ownEvent(caller, id);
    const days = insightWindowDays(window, now);
    const counts = await repo.dailyCounts(this.db, eventId, days[0], days[days.length - 1], metric);
    const name = SERIES[metric];
    return days.map((time) => ({ time, count: counts.get(time) ?? 0, name }));
  }

  /**
   * Every education level in the contract's order (zeros included, so the chart legend is
   * stable), then 'Lainnya' for registrants who gave none, only when there are some.
   */
  async education(caller: Caller, id: string): Promise<EducationGroup[]> {
    const eventId = await this.ownEvent(caller, id);
    const groups = grouped(await registrantsByProfile(this.db, eventId, 'education'), EDUCATION_LEVELS, INSIGHT_UNKNOWN_EDUCATION);
    return groups.map(([lastEducation, count]) => ({ lastEducation, count }));
  }

  /** Same shape rule as education; 'Tidak diketahui' for registrants who gave no gender. */
  async gender(caller: Caller, id: string): Promise<GenderGroup[]> {
    const eventId = await this.ownEvent(caller, id);
    const groups = grouped(await registrantsByProfile(this.db, eventId, 'gender'), GENDERS, INSIGHT_UNKNOWN_GENDER);
    return groups.map(([gender, count]) => ({ gender, count }));
  }
}

/** Known values in order; nulls and values outside the list (older data) fold into `other`. */
function grouped(rows: { key: string | null; n: number }[], known: readonly string[], other: string): [string, number][] {
  const counts = new Map<string, number>(known.map((k) => [k, 0]));
  let rest = 0;
  for (const { key, n } of rows) {
    if (key !== null && counts.has(key)) counts.set(key, counts.get(key)! + n);
    else rest += n;
  }
  const out = [...counts];
  if (rest > 0) out.push([other, rest]);
  return out;
}
