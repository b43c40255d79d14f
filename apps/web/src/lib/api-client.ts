import { fill, MSG, ORGANIZATION_HEADER } from '@eo/contract';
import { ApiError, send, type RequestOptions } from './http';
import { activeOrganizationId } from './organization-store';
import { clearSession, currentSessionState, getToken } from './session-store';
import { refreshSession } from './session-refresh';

export { ApiError, type RequestOptions } from './http';

let onUnauthorized: () => void = () => undefined;
/** The app decides where a 401 leads (spec section 4: clear the session, go to /login). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
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

/** The headers of a signed-in call: the token and the organization it acts within. */
function signedInHeaders(auth: string | undefined): Record<string, string> {
  const organization = activeOrganizationId();
  return { ...(auth ? { authorization: auth } : {}), ...(organization ? { [ORGANIZATION_HEADER]: organization } : {}) };
}

/**
 * A signed-in call: the caller's token and active organization go with it (the token refreshed
 * first when due), and a 401 ends the session. `anonymous`: calls made before sign-in (login, maintenance) send no token and
 * never log out.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions & { anonymous?: boolean } = {}): Promise<T> {
  const { anonymous, ...rest } = opts;
  if (anonymous) return send<T>(path, rest);
  const auth = await authorization();
  try {
    return await send<T>(path, { ...rest, headers: { ...rest.headers, ...signedInHeaders(auth) } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) handleUnauthorized();
    throw err;
  }
}

/** The text the spec's error alerts show: message, else messageId, else `Error code {code}`. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.body.message || err.body.messageId || fill(MSG.errorCode, { code: err.status });
  return MSG.somethingWentWrong;
}

/**
 * Spec section 8 for create/update calls: the timeout text; else the first listed error,
 * prefixed `ID: {errorId}` and `Message:` when the server gave an id; else the message.
 */
export function saveErrorText(err: unknown, timedOut: string): string {
  if (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError')) return timedOut;
  if (!(err instanceof ApiError)) return MSG.somethingWentWrong;
  const text = err.body.errors?.[0]?.message || err.body.message || fill(MSG.errorCode, { code: err.status });
  return err.body.errorId ? `ID: ${err.body.errorId} Message: ${text}` : text;
}
