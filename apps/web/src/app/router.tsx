import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import type { OrgAction } from '@eo/contract';
import { LoginPage } from '../features/auth/LoginPage';
import { MaintenanceGate, MAINTENANCE_PATH } from '../features/maintenance/MaintenanceGate';
import type { ListGroup } from '../features/events/list-params';
import { guestOnly, requireSession } from './guards';

/**
 * The route table of spec section 2. Every screen loads lazily but /login, which is in the
 * entry: it must stay within its first-load budget (docs/performance.md; test/web-budget.test.ts).
 */
const listPage = (group: ListGroup) => async () => {
  const { EventListPage } = await import('../features/events/EventListPage');
  return { Component: () => <EventListPage group={group} /> };
};

const overviewPage = (group: ListGroup) => async () => {
  const { EventOverviewPage } = await import('../features/events/overview/EventOverviewPage');
  return { Component: () => <EventOverviewPage group={group} /> };
};

/** A screen only some roles may use: the others see "no access", not the API's 403s. */
const guarded = (action: OrgAction, load: () => Promise<ComponentType>) => async () => {
  const [Screen, { RequireAction }] = await Promise.all([load(), import('../features/organization/components/RequireAction')]);
  return { Component: () => <RequireAction action={action}><Screen /></RequireAction> };
};
const certificateForm = guarded('certificates', async () => (await import('../features/certificates/CertificateFormPage')).CertificateFormPage);
const wizard = guarded('events.write', async () => (await import('../features/events/wizard/EventWizardPage')).EventWizardPage);
const publicPage = (load: () => Promise<ComponentType>) => async () => ({ Component: await load() });

const layoutPage = async () => ({ Component: (await import('./layout/AppLayout')).AppLayout });
const overviewHome = async () => ({ Component: (await import('../features/dashboard/OverviewPage')).OverviewPage });

/**
 * Fetches the dashboard layout and overview (the screen after sign-in) once the current screen
 * has rendered and the browser is idle: they are not part of /login's first load, and signing
 * in then does not wait for them.
 */
export function prefetchDashboard() {
  const go = () => void Promise.all([layoutPage(), overviewHome()]).catch(() => undefined);
  if ('requestIdleCallback' in window) requestIdleCallback(go, { timeout: 3000 });
  else setTimeout(go, 1000);
}

/**
 * Shown while the first route's loaders and lazy code load on a full page load: blank, as
 * before, but declared, so React Router does not warn `No HydrateFallback element provided`.
 */
function Booting() {
  return null;
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <MaintenanceGate />,
      HydrateFallback: Booting,
      children: [
        { path: MAINTENANCE_PATH, lazy: async () => ({ Component: (await import('../features/maintenance/MaintenancePage')).MaintenancePage }) },
        { path: '/login', loader: guestOnly, element: <LoginPage /> },
        { path: '/forgot-password', loader: guestOnly, lazy: publicPage(async () => (await import('../features/organization/ForgotPasswordPage')).ForgotPasswordPage) },
        { path: '/reset-password/:token', lazy: publicPage(async () => (await import('../features/organization/ResetPasswordPage')).ResetPasswordPage) },
        { path: '/invite/:token', lazy: publicPage(async () => (await import('../features/organization/InvitePage')).InvitePage) },
        {
          path: '/',
          loader: requireSession,
          // Re-check the session on every navigation inside the dashboard.
          shouldRevalidate: () => true,
          // Loaded after sign-in: the login page stays small.
          lazy: layoutPage,
          children: [
            { index: true, lazy: overviewHome },
            { path: 'event', lazy: listPage('active') },
            { path: 'event/draft', lazy: listPage('draft') },
            { path: 'event/history', lazy: listPage('history') },
            { path: 'event/active/overview/:id', lazy: overviewPage('active') },
            { path: 'event/history/overview/:id', lazy: overviewPage('history') },
            { path: 'event/draft/overview/:id', lazy: overviewPage('draft') },
            { path: 'ticket/history/:eventId/:ticketId', lazy: guarded('sales', async () => (await import('../features/events/overview/TicketPriceHistoryPage')).TicketPriceHistoryPage) },
            { path: 'event/create', lazy: wizard },
            { path: 'event/edit/:id', lazy: wizard },
            { path: 'event/:id/withdrawal', lazy: guarded('money', async () => (await import('../features/payouts/WithdrawalPage')).WithdrawalPage) },
            { path: 'event/:id/checkin', lazy: guarded('checkin', async () => (await import('../features/checkin/CheckinPage')).CheckinPage) },
            { path: 'event/:id/messages', lazy: guarded('messages.read', async () => (await import('../features/messages/MessagesPage')).MessagesPage) },
            { path: 'payout', lazy: guarded('money', async () => (await import('../features/payouts/PayoutPage')).PayoutPage) },
            { path: 'certificate', lazy: guarded('certificates', async () => (await import('../features/certificates/CertificateListPage')).CertificateListPage) },
            { path: 'certificate/create', lazy: certificateForm },
            { path: 'certificate/edit/:id', lazy: certificateForm },
            { path: 'organization/members', lazy: guarded('members', async () => (await import('../features/organization/MembersPage')).MembersPage) },
            { path: 'organization/activity', lazy: guarded('audit', async () => (await import('../features/organization/ActivityPage')).ActivityPage) },
            { path: 'organization/integrations', lazy: guarded('integrations', async () => (await import('../features/integrations/IntegrationsPage')).IntegrationsPage) },
            { path: 'profile', lazy: async () => ({ Component: (await import('../features/organization/ProfilePage')).ProfilePage }) },
            { path: 'admin/review', lazy: async () => ({ Component: (await import('../features/review/ReviewPage')).ReviewPage }) },
            { path: '*', lazy: async () => ({ Component: (await import('../components/NotFoundPage')).NotFoundPage }) },
          ],
        },
      ],
    },
  ]);
}
