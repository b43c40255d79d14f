import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter, prefetchDashboard } from './app/router';
import { loginPath } from './app/guards';
import { createQueryClient, Providers } from './app/providers';
import { setUnauthorizedHandler } from './lib/api-client';
import './styles.css';

const router = createAppRouter();
const queryClient = createQueryClient();

// Spec section 4: a 401 clears the session (done by the client) and goes to /login.
setUnauthorizedHandler(() => {
  queryClient.clear();
  const { pathname, search } = router.state.location;
  if (pathname !== '/login') void router.navigate(loginPath(pathname + search), { replace: true });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

prefetchDashboard();
