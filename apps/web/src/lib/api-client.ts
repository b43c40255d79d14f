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
}

export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  // A token that is due for refresh is refreshed before the call rather than failing with 401.
  if (!opts.anonymous && currentSessionState() === 'refresh') await refreshSession();
  const token = opts.anonymous ? null : getToken();
  if (token) headers.authorization = `${token.tokenType} ${token.token}`;

  let res: Response;
  try {
    res = await fetch(url, { method: opts.method ?? 'GET', headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body), signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
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
    if (res.status === 401 && !opts.anonymous) {
      clearSession();
      onUnauthorized();
    }
    throw new ApiError(res.status, (json as Partial<ErrorBody>) ?? {});
  }
  return json as T;
}

/** The text the spec's error alerts show: message, else messageId, else `Error code {code}`. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.body.message || err.body.messageId || `Error code ${err.status}`;
  return MSG.somethingWentWrong;
}
