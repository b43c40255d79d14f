import { useMemo, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { useMediaQuery } from '../lib/use-media-query';
import { theme } from './theme';

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


/**
 * antd theme (without motion when the system asks for less) and the query cache. antd's locale
 * and App (toasts, confirm dialogs) are not here but in `feedback.tsx`, around the lazy
 * dashboard layout: App brings Modal and Notification, which /login does not need (its first
 * load has a budget: docs/performance.md), and nothing outside the dashboard shows a localized
 * antd text.
 */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // Someone who asked their system for less motion gets antd's dialogs, drawers, dropdowns and
  // toasts without their opening and closing motions (WCAG 2.3.3), like our own CSS already does,
  // and no ripple on a clicked button: without motion its element was left behind, never ending.
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const themed = useMemo(() => (reduceMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reduceMotion]);
  const wave = useMemo(() => ({ disabled: reduceMotion }), [reduceMotion]);
  return (
    <ConfigProvider theme={themed} wave={wave}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
