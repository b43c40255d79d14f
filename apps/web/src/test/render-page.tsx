import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes, type RouteObject } from 'react-router';
import { Feedback } from '../app/feedback';

interface RenderOptions {
  /** The route pattern the screen is mounted at, and the address opened. */
  path?: string;
  route?: string;
  /** Where the screen leads, as stubs showing this text (`{ '/event/:id/withdrawal': 'withdrawal page' }`). */
  stubs?: Record<string, string>;
  user?: Parameters<typeof userEvent.setup>[0];
}

/** Renders a part of a screen in antd's Indonesian locale and App, as the app does. */
export const renderInApp = (ui: ReactElement) => render(<Feedback>{ui}</Feedback>);

/** Renders a screen as the app does: in antd's Indonesian locale and App (toasts), a fresh query cache and a router. */
export function renderPage(ui: ReactElement, { path = '/', route = '/', stubs = {}, user: userOptions }: RenderOptions = {}) {
  const user = userEvent.setup({ delay: null, ...userOptions });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Feedback>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            {Object.entries(stubs).filter(([p]) => p !== path).map(([p, text]) => <Route key={p} path={p} element={<p>{text}</p>} />)}
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </Feedback>,
  );
  return { user, client };
}

/**
 * Renders routes under a data router, as the app does (lazy routes, pending navigations), in
 * antd's Indonesian locale and App with a fresh query cache. Returns the router to read its state.
 */
export function renderRoutes(routes: RouteObject[], { route = '/', user: userOptions }: Pick<RenderOptions, 'route' | 'user'> = {}) {
  const user = userEvent.setup({ delay: null, ...userOptions });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  render(
    <Feedback>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Feedback>,
  );
  return { user, client, router };
}
