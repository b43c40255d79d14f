import { ATTENDANCE_SUGGESTED_LENGTH, wibInputValue, type AttendanceCode } from '@eo/contract';

/** Letters and digits that are not mistaken for one another when read out or shown (no O/0, I/1). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A fresh attendance code of ATTENDANCE_SUGGESTED_LENGTH characters (32 possible each: 40 bits). */
export function randomAttendanceCode(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  return [...random(ATTENDANCE_SUGGESTED_LENGTH)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

export type WindowState = 'open' | 'soon' | 'closed';

/** Whether participants can attend now: the server's rule, opensAt ≤ now < closesAt. */
export function windowState(code: Pick<AttendanceCode, 'opensAt' | 'closesAt'>, now: Date): WindowState {
  if (now.getTime() < Date.parse(code.opensAt)) return 'soon';
  return now.getTime() < Date.parse(code.closesAt) ? 'open' : 'closed';
}

/** A new window's fields: from this minute, for an hour. */
export function defaultWindow(now: Date) {
  const start = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  return { opensAt: wibInputValue(start), closesAt: wibInputValue(new Date(start.getTime() + 3_600_000)) };
}
