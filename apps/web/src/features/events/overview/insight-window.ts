import { addDays, INSIGHT_WINDOW_DAYS, wibDay } from '@eo/contract';

/** The window `offset` windows back from the one ending today (0 = the latest); prev/next move it by 10 days. */
export function insightWindow(offset: number, now = new Date()): { from: string; to: string } {
  const to = addDays(wibDay(now), -offset * INSIGHT_WINDOW_DAYS);
  return { from: addDays(to, -(INSIGHT_WINDOW_DAYS - 1)), to };
}
