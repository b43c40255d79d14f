import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import idID from 'antd/locale/id_ID';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOAST_DURATION_S, TOAST_MAX } from '@eo/contract';
import { ApiError } from '../lib/api-client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        // A 4xx will not get better by asking again.
        retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      },
    },
  });
}

const theme = {
  token: { colorPrimary: '#5b3cc4', borderRadius: 8, fontFamily: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
};

/** antd theme and locale, toasts (2 s, at most 3: spec section 8) and the query cache. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} locale={idID}>
      <AntApp message={{ duration: TOAST_DURATION_S, maxCount: TOAST_MAX }}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
