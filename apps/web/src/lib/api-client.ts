import { MSG, type ErrorBody } from '@eo/contract';
import { clearSession, currentSessionState, getToken } from './session-store';
import { refreshSession } from './session-refresh';

/** A failed call, carrying API.md's error body. */
export class ApiError extends Error {
  constructor(readonly status: number, readonly body: Partial<ErrorBody>) {
    super(body.message || body.messageId || `Error code ${status}`);
  }
}

let onUnauthorized: () => void = () => undefined;
/** The app decides where a 401 leads (spec section 4: clear the session, go to /login). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Calls made before sign-in (login, refresh, maintenance) send no token and never log out. */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
  /** Cookies: the refresh call names `same-origin` (the refresh token is an HttpOnly cookie). */
  credentials?: RequestCredentials;
}

/** `Authorization` for a signed-in call; a token that is due is refreshed first rather than failing with 401. */
export async function authorization(): Promise<string | undefined> {
  if (currentSessionState() === 'refresh') await refreshSession();
  const token = getToken();
  return token ? `${token.tokenType} ${token.token}` : undefined;
}

/** A 401 on a signed-in call ends the session (spec section 4). */
export function handleUnauthorized() {
  clearSession();
  onUnauthorized();
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const auth = opts.anonymous ? undefined : await authorization();
  if (auth) headers.authorization = auth;

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
  if (!res.ok) {
    if (res.status === 401 && !opts.anonymous) handleUnauthorized();
    throw new ApiError(res.status, (json as Partial<ErrorBody>) ?? {});
  }
  return json as T;
}

/** The text the spec's error alerts show: message, else messageId, else `Error code {code}`. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.body.message || err.body.messageId || `Error code ${err.status}`;
  return MSG.somethingWentWrong;
}

/**
 * Spec section 8 for create/update calls: the timeout text; else the first listed error,
 * prefixed `ID: {errorId}` and `Message:` when the server gave an id; else the message.
 */
export function saveErrorText(err: unknown, timedOut: string): string {
  if (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError')) return timedOut;
  if (!(err instanceof ApiError)) return MSG.somethingWentWrong;
  const text = err.body.errors?.[0]?.message || err.body.message || `Error code ${err.status}`;
  return err.body.errorId ? `ID: ${err.body.errorId} Message: ${text}` : text;
}
