import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { mockApi as mockApiWithCalls } from '../../test/mock-api';
import type { CoinAccount } from '@eo/contract';

export const coin = (over: Partial<CoinAccount> = {}): CoinAccount => ({
  _id: 'coin-1', eventName: 'Festival Musik Pelajar', eventList: 'history', coinAmount: 250_000, status: 'Not Processed',
  bankAccount: { bankCode: '014', accountName: 'Budi Santoso', accountNumber: '1234567890' },
  withdrawalBlockedReason: null, verification: null, ...over,
});

export { json } from '../../test/mock-api';

/** Stubs fetch with `METHOD /path` handlers (test/mock-api.ts); returns the fetch mock. */
export const mockApi = (handlers: Parameters<typeof mockApiWithCalls>[0]) => mockApiWithCalls(handlers).fetchMock;

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
