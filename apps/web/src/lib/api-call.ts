import type { Endpoint, EndpointAddress, EndpointResult } from '@eo/contract';
import { apiRequest } from './api-client';
import { endpointRequest, type InputArg } from './http';

export type { CallOptions } from './http';

/**
 * Calls a contract endpoint: its path, method and parts come from the declaration and the
 * answer is typed by its response schema. Public endpoints go without a token and never end
 * the session.
 */
export function call<E extends Endpoint>(endpoint: E, ...args: InputArg<E>): Promise<EndpointResult<E>> {
  return callAt<E>(endpoint, ...args);
}

/**
 * The same, given only the endpoint's address (the first load's calls: `AUTH_ADDRESS`,
 * `MAINTENANCE_ADDRESS`), typed by the endpoint named in `E` (a type-only import).
 */
export function callAt<E extends Endpoint>(address: EndpointAddress, ...[input, opts]: InputArg<E>): Promise<EndpointResult<E>> {
  const { path, ...request } = endpointRequest<E>(address, input, opts);
  return apiRequest<EndpointResult<E>>(path, { ...request, anonymous: address.access === 'public' });
}

/** Where a `file` endpoint's bytes are, for a download or a link. */
export function endpointUrl<E extends Endpoint>(endpoint: E, ...args: InputArg<E>): URL {
  return endpointUrlAt<E>(endpoint, ...args);
}

/** The same, given only the endpoint's address (a screen whose first load carries no zod). */
export function endpointUrlAt<E extends Endpoint>(address: EndpointAddress, ...[input]: InputArg<E>): URL {
  const { path, query } = endpointRequest<E>(address, input);
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  return url;
}
