import { z } from 'zod';
import { trackingLinkIssues } from '../endpoints/tracking-links-address.js';
import { TRACKING_LINK_MSG as M } from '../messages-tracking-links.js';
import { envelope, resultEnvelope } from './common.js';

/** Tracking links (API.md, Integrations): per event, a name and a code unique in the event. */
export const trackingLinkParamsSchema = z.object({ id: z.string().max(100) });
export const trackingLinkCodeParamsSchema = z.object({ id: z.string().max(100), code: z.string().max(100) });

/** The rules are trackingLinkIssues', which the dashboard's form runs too. */
export const trackingLinkBodySchema = z.object({
  name: z.string({ error: M.nameRequired }).trim(),
  code: z.string({ error: M.codeRequired }).trim(),
}).superRefine((link, ctx) => {
  for (const issue of trackingLinkIssues(link)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
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
