import { z } from 'zod';
import { TRACKING_CODE_MAX, TRACKING_CODE_PATTERN } from '../endpoints/embed-address.js';
import { fill } from '../messages.js';
import { TRACKING_LINK_MSG as M } from '../messages-tracking-links.js';
import { isBlankText } from '../text.js';
import { envelope, resultEnvelope } from './common.js';

/** Tracking links (API.md, Integrations): per event, a name and a code unique in the event. */
export const TRACKING_NAME_MAX = 80;
/** Links one event may have: the Insight table and chart stay readable. */
export const TRACKING_LINKS_PER_EVENT = 50;

export const trackingLinkParamsSchema = z.object({ id: z.string().max(100) });
export const trackingLinkCodeParamsSchema = z.object({ id: z.string().max(100), code: z.string().max(100) });

export const trackingCodeSchema = z.string().trim()
  .min(1, M.codeRequired)
  .max(TRACKING_CODE_MAX, fill(M.codeTooLong, { max: TRACKING_CODE_MAX }))
  .regex(TRACKING_CODE_PATTERN, M.codeFormat);

export const trackingLinkBodySchema = z.object({
  name: z.string({ error: M.nameRequired }).trim()
    .max(TRACKING_NAME_MAX, fill(M.nameTooLong, { max: TRACKING_NAME_MAX }))
    .refine((v) => !isBlankText(v), M.nameRequired),
  code: z.string({ error: M.codeRequired }).pipe(trackingCodeSchema),
});
export type TrackingLinkBody = z.infer<typeof trackingLinkBodySchema>;
export type TrackingLinkBodyInput = z.input<typeof trackingLinkBodySchema>;

export const trackingLinkSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** The whole link on the app's public origin: `{PUBLIC_URL}/e/{id}?ref={code}`. */
  url: z.string(),
  createdAt: z.string(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

export const trackingLinkResponseSchema = resultEnvelope(trackingLinkSchema);
export const trackingLinkListResponseSchema = envelope(z.object({ docs: z.array(trackingLinkSchema) }));

/**
 * Per link: visitors of its page (once per visitor per WIB day), registrations made through it
 * that hold a seat now (confirmed), and those of them checked in.
 */
export const trackingLinkInsightSchema = z.object({
  code: z.string(), name: z.string(), visits: z.number().int(), registrations: z.number().int(), checkIns: z.number().int(),
});
export type TrackingLinkInsight = z.infer<typeof trackingLinkInsightSchema>;
export const trackingLinkInsightResponseSchema = envelope(z.object({ docs: z.array(trackingLinkInsightSchema) }));
