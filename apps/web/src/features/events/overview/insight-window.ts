import { wibDay } from '@eo/contract';

/** The insight chart shows 10 WIB days; prev/next move the window by 10 (spec section 9). */
export const WINDOW_DAYS = 10;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The window `offset` windows back from the one ending today (0 = the latest). */
export function insightWindow(offset: number, now = new Date()): { from: string; to: string } {
  const to = addDays(wibDay(now), -offset * WINDOW_DAYS);
  return { from: addDays(to, -(WINDOW_DAYS - 1)), to };
}
