import { endpointPath, fill, MSG, type Endpoint, type EndpointAddress, type EndpointInput, type ErrorBody, type HttpMethod } from '@eo/contract';

/**
 * The bottom of the API client: one HTTP exchange, no session. `api-client.ts` adds the
 * signed-in caller's token on top; the session refresh uses this directly (it must not wait
 * for itself).
 */

/** A failed call, carrying API.md's error body. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly body: Partial<ErrorBody>) {
    super(body.message || body.messageId || fill(MSG.errorCode, { code: status }));
  }
}

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Request headers (`authorization`, `Idempotency-Key`, …). */
  headers?: Record<string, string>;
  /** Cookies: the refresh call names `same-origin` (the refresh token is an HttpOnly cookie). */
  credentials?: RequestCredentials;
}

export async function send<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, { method: opts.method ?? 'GET', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: opts.signal, ...(opts.credentials ? { credentials: opts.credentials } : {}) });
  } catch (err) {
    if ((err as Error).name === 'AbortError' || (err as Error).name === 'TimeoutError') throw err;
    throw new ApiError(0, { message: MSG.somethingWentWrong });
  }
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) throw new ApiError(res.status, (json as Partial<ErrorBody>) ?? {});
  return json as T;
}

export interface CallOptions {
  signal?: AbortSignal;
  credentials?: RequestCredentials;
}

type Empty = Record<never, never>;
/** An endpoint's input, which may be left out when the endpoint needs none. */
export type InputArg<E extends Endpoint> = Empty extends EndpointInput<E> ? [input?: EndpointInput<E>, opts?: CallOptions] : [input: EndpointInput<E>, opts?: CallOptions];
type Parts = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> };

/** A query value on the wire: absent, or its text. */
const queryText = (query: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries(query ?? {}).map(([k, v]) => [k, v === undefined || v === null ? undefined : String(v)]));

/** The path and request options of a call to a contract endpoint (typed by `E`, sent to its address). */
export function endpointRequest<E extends Endpoint>(address: EndpointAddress, input: EndpointInput<E> | undefined, opts: CallOptions = {}): { path: string } & RequestOptions {
  const { params, query, body, headers } = (input ?? {}) as Parts;
  return { path: endpointPath(address.path, params), method: address.method, query: queryText(query), body, headers, ...opts };
}
