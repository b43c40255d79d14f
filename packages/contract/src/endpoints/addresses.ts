import type { EndpointAddress } from '../endpoint.js';

/**
 * Addresses (method, path, access) of the calls made by screens that use no zod themselves:
 * sign-in, the session, the maintenance status, the layout and the overview and event lists.
 * They are declared here without their schemas so those screens' first loads carry no zod
 * (about 30 KB gzipped; docs/performance.md, Web). Their endpoints are built on these, so each
 * address is still written once; the web calls them with `callAt`, typed by the endpoint.
 */
export const AUTH_ADDRESS = {
  login: { method: 'POST', path: '/v1/login/email', access: 'public' },
  refresh: { method: 'POST', path: '/v1/login/refresh', access: 'public' },
  logout: { method: 'POST', path: '/v1/logout', access: 'user' },
} as const satisfies Record<string, EndpointAddress>;

export const MAINTENANCE_ADDRESS = {
  get: { method: 'GET', path: '/v1/maintenance', access: 'public' },
} as const satisfies Record<string, EndpointAddress>;

export const EVENTS_ADDRESS = {
  totals: { method: 'GET', path: '/v1/events/total', access: 'user' },
  list: { method: 'GET', path: '/v1/events/lists', access: 'user' },
  draftList: { method: 'GET', path: '/v1/events/draft/lists', access: 'user' },
  /** The side menu reads it on every dashboard screen. */
  detail: { method: 'GET', path: '/v1/events/detail', access: 'user' },
} as const satisfies Record<string, EndpointAddress>;

export const SALES_ADDRESS = {
  eoSummary: { method: 'GET', path: '/v1/transactions/eo/summary', access: 'user' },
} as const satisfies Record<string, EndpointAddress>;

export const ORGANIZATIONS_ADDRESS = {
  /** The header's organization switcher reads it on every dashboard screen. */
  list: { method: 'GET', path: '/v1/organizations', access: 'user' },
} as const satisfies Record<string, EndpointAddress>;

/**
 * The header that names the organization a request acts within. Declared here, with
 * the addresses, because every signed-in call sends it (/login's first load included); the
 * organization module re-exports it.
 */
export const ORGANIZATION_HEADER = 'x-organization-id';
