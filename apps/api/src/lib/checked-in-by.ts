import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ATTENDANCE_MSG } from '@eo/contract';

/** `registrants.checked_in_device` of a participant who attended online with the event's code (nobody scanned them). */
export const ATTENDANCE_DEVICE = 'presensi';

/**
 * "Check-in oleh": the member who checked the registrant in, or, for online attendance, the
 * attendance code's label. Used by the check-in answers, the participant list and its exports.
 */
export const checkedInByName = (memberName: AnyPgColumn | SQL, device: AnyPgColumn | SQL) =>
  sql<string | null>`coalesce(${memberName}, case when ${device} = ${ATTENDANCE_DEVICE} then ${ATTENDANCE_MSG.by}::text end)`;
