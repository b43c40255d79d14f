import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { CoinAccount } from '@eo/contract';

export const coin = (over: Partial<CoinAccount> = {}): CoinAccount => ({
  _id: 'coin-1', eventName: 'Festival Musik Pelajar', eventList: 'history', coinAmount: 250_000, status: 'Not Processed',
  bankAccount: { bankCode: '014', accountName: 'Budi Santoso', accountNumber: '1234567890' },
  withdrawalBlockedReason: null, verification: null, ...over,
});

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (url: URL, init: RequestInit) => Response | undefined;

/** Stubs fetch with `METHOD /path` handlers; unknown calls answer an empty page so lists render. */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: URL, init: RequestInit = {}) => {
    const handler = handlers[`${init.method ?? 'GET'} ${url.pathname}`];
    return handler?.(url, init) ?? json(200, { data: { docs: [], page: 1, limit: 10, totalDocs: 0, totalPages: 0 } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders inside antd's App (toasts), a fresh query cache and a router at `path`. */
export function renderPage(ui: ReactElement, { path = '/', route = '/' }: { path?: string; route?: string } = {}) {
  const user = userEvent.setup({ delay: null });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <App>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          <Routes><Route path={path} element={ui} /></Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </App>,
  );
  return { user, client };
}
