import { vi } from 'vitest';

/** A JSON answer as the API sends it. */
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (url: URL, init: RequestInit) => Response | undefined;

/**
 * Stubs fetch with `METHOD /path` handlers; an unknown call answers an empty page so lists
 * render. Returns the mock and the calls made, as `METHOD /path` with their URL and init.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: URL, init: RequestInit = {}) => {
    const handler = handlers[`${init.method ?? 'GET'} ${url.pathname}`];
    return handler?.(url, init) ?? json(200, { data: { docs: [], page: 1, limit: 10, totalDocs: 0, totalPages: 0 } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = () => (fetchMock.mock.calls as unknown as [URL, RequestInit?][]).map(([u, init]) => ({ key: `${init?.method ?? 'GET'} ${u.pathname}`, url: u, init }));
  return { fetchMock, calls };
}
