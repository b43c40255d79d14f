import { z } from 'zod';
import { envelope, resultEnvelope } from './common.js';

/** `GET v1/transactions/eo/summary`: the organizer's sales across all events. */
export const eoSummarySchema = z.object({
  /** Tickets sold through confirmed transactions (refunds excluded). */
  totalTicket: z.number().int(),
  /** Net rupiah of confirmed transactions. */
  totalSales: z.number().int(),
  /** Registrants of all events, free and paid, refunds excluded. */
  totalParticipant: z.number().int(),
});
export type EoSummary = z.infer<typeof eoSummarySchema>;
export const eoSummaryResponseSchema = resultEnvelope(eoSummarySchema);

/** `GET v1/events/total`. */
export const eventTotalsSchema = z.object({
  active: z.number().int(),
  draft: z.number().int(),
  passed: z.number().int(),
});
export type EventTotals = z.infer<typeof eventTotalsSchema>;
export const eventTotalsResponseSchema = envelope(eventTotalsSchema);
