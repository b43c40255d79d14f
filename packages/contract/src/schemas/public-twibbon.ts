import { z } from 'zod';
import { resultEnvelope } from './common.js';

/** The twibbon key of a public maker page (`/t/{customKey}`), any letter case; a key no event has is a 404, not a 400. */
export const publicTwibbonParamsSchema = z.object({ customKey: z.string().min(1).max(200) });

/** What the maker needs: the frame, the caption to copy and the steps (API.md, Public pages). */
export const publicTwibbonSchema = z.object({
  templateUrl: z.string(),
  caption: z.string().nullable(),
  guide: z.array(z.string()),
  eventId: z.string(),
  eventName: z.string(),
});
export type PublicTwibbon = z.infer<typeof publicTwibbonSchema>;
export const publicTwibbonResponseSchema = resultEnvelope(publicTwibbonSchema);
