import type { EndpointAddress } from '../endpoint.js';
import { fill } from '../messages.js';
import { TRACKING_LINK_MSG as M } from '../messages-tracking-links.js';
import { isBlankText } from '../text.js';

/**
 * Tracking links (API.md, Integrations) without zod: their calls' addresses, and the rules of a
 * link's name and code, which the API's schema (schemas/tracking-links.ts) and the dashboard's
 * form both run, so the Integrasi page's first load carries no schema library.
 */
export const TRACKING_LINKS_ADDRESS = {
  list: { method: 'GET', path: '/v1/events/:id/links', access: 'user' },
  create: { method: 'POST', path: '/v1/events/:id/links', access: 'user' },
  remove: { method: 'DELETE', path: '/v1/events/:id/links/:code', access: 'user' },
  insight: { method: 'GET', path: '/v1/events/:id/insight/links', access: 'user' },
} as const satisfies Record<string, EndpointAddress>;

/** The query parameter of a tracking link (`/e/{id}?ref=kampus-ui`), passed on as the registration's `ref`. */
export const TRACKING_REF_PARAM = 'ref';

/** A tracking link's code: lowercase letters and digits in groups joined by single dashes. */
export const TRACKING_CODE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TRACKING_CODE_MAX = 40;
export const TRACKING_NAME_MAX = 80;
/** Links one event may have: the Insight table and chart stay readable. */
export const TRACKING_LINKS_PER_EVENT = 50;

/** A tracking link's path on the public origin: the event page with the code as `?ref=`. */
export const trackingLinkPath = (eventId: string, code: string) =>
  `/e/${encodeURIComponent(eventId)}?${TRACKING_REF_PARAM}=${encodeURIComponent(code)}`;

/** What is wrong with a link's name and code (trimmed), one message per field at most; none: it may be made. */
export function trackingLinkIssues({ name, code }: { name: string; code: string }): { path: 'name' | 'code'; message: string }[] {
  const issues: { path: 'name' | 'code'; message: string }[] = [];
  if (isBlankText(name)) issues.push({ path: 'name', message: M.nameRequired });
  else if (name.length > TRACKING_NAME_MAX) issues.push({ path: 'name', message: fill(M.nameTooLong, { max: TRACKING_NAME_MAX }) });
  if (code === '') issues.push({ path: 'code', message: M.codeRequired });
  else if (code.length > TRACKING_CODE_MAX) issues.push({ path: 'code', message: fill(M.codeTooLong, { max: TRACKING_CODE_MAX }) });
  else if (!TRACKING_CODE_PATTERN.test(code)) issues.push({ path: 'code', message: M.codeFormat });
  return issues;
}
