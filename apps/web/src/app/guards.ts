import { redirect, type LoaderFunctionArgs } from 'react-router';
import { safeRedirect } from '../lib/safe-redirect';
import { currentSessionState } from '../lib/session-store';
import { ensureSession } from '../lib/session-refresh';

export function loginPath(from: string): string {
  return from && from !== '/' ? `/login?from=${encodeURIComponent(from)}` : '/login';
}

/** Protected routes: refresh when due on entry, else to /login remembering the origin. */
export async function requireSession({ request }: LoaderFunctionArgs) {
  if (await ensureSession()) return null;
  const url = new URL(request.url);
  throw redirect(loginPath(url.pathname + url.search));
}

/** /login for a signed-in user goes back where they came from, else /. */
export function guestOnly({ request }: LoaderFunctionArgs) {
  if (currentSessionState() === 'login') return null;
  throw redirect(safeRedirect(new URL(request.url).searchParams.get('from')));
}
