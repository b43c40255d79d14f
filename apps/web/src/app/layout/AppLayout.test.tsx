import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ORG_FRAME_TEXT } from '@eo/contract';
import { activeOrganizationId } from '../../lib/organization-store';
import { storeLogin } from '../../lib/session-store';
import { forgetOrganization, json, ME } from '../../test/organizations';
import { RequireAction } from '../../features/organization/components/RequireAction';
import { AppLayout } from './AppLayout';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

const FESTIVAL = { id: 'org-festival', name: 'Panitia Festival', role: 'staff' };
const SEMINAR = { id: 'org-seminar', name: 'Panitia Seminar', role: 'finance' };

function mountLayout(route = '/', memberships: () => Promise<Response> = async () => json(200, { data: { docs: [FESTIVAL, SEMINAR] } })) {
  storeLogin({
    tokenData: { token: 'tkn', tokenType: 'Bearer', expire: 3600, refreshExpire: 86400 },
    user: { email: ME.email, profile: { userId: ME.userId, name: ME.name, userLevel: { level: 'eo' } } },
    roles: [],
  });
  vi.stubGlobal('fetch', vi.fn(async (url: URL) => {
    if (url.pathname === '/v1/organizations') return memberships();
    return json(200, { data: { active: 0, draft: 0, passed: 0 } });
  }));
  const router = createMemoryRouter([{
    path: '/', element: <AppLayout />,
    children: [
      { index: true, element: <p>home</p> },
      { path: 'payout', element: <RequireAction action="money"><p>payout screen</p></RequireAction> },
      { path: 'event/draft', element: <p>drafts</p> },
    ],
  }], { initialEntries: [route] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);
  return { router };
}

const eventGroupOpen = (menu: HTMLElement) =>
  within(menu).getByRole('menuitem', { name: /Event/ }).getAttribute('aria-expanded');

describe('AppLayout and the active organization', () => {
  it('reads the memberships first, acts within the remembered one and switches from the header', async () => {
    localStorage.setItem(`eo.organization.${ME.userId}`, SEMINAR.id);
    const { router } = mountLayout('/payout');
    // Finance may open the withdrawals.
    await screen.findByText('payout screen');
    const select = screen.getByRole('combobox', { name: 'Ganti organisasi' }) as HTMLSelectElement;
    expect(select.value).toBe(SEMINAR.id);
    expect(activeOrganizationId()).toBe(SEMINAR.id);

    fireEvent.change(select, { target: { value: FESTIVAL.id } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByText('home');
    expect(localStorage.getItem(`eo.organization.${ME.userId}`)).toBe(FESTIVAL.id);
    expect(activeOrganizationId()).toBe(FESTIVAL.id);
  });

  it('arriving on a page of the Event group opens the group, however one got there', async () => {
    const { router } = mountLayout('/');
    await screen.findByText('home');
    const menu = screen.getAllByRole('navigation', { name: 'Menu utama' })[0]!;
    expect(within(menu).queryByText('Aktif')).toBeNull();
    // As when the menu was mounted again (a switch of organization) before the navigation landed.
    await router.navigate('/event/draft');
    await screen.findByText('drafts');
    await within(menu).findByText('Aktif');
  });

  it('the Event group opened before the memberships arrived stays open once they do', async () => {
    let arrive!: () => void;
    const held = new Promise<void>((resolve) => { arrive = resolve; });
    const { router } = mountLayout('/', async () => {
      await held;
      return json(200, { data: { docs: [FESTIVAL, SEMINAR] } });
    });
    const menu = screen.getAllByRole('navigation', { name: 'Menu utama' })[0]!;
    fireEvent.click(within(menu).getByText('Event'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/draft'));
    await within(menu).findByText('Aktif');
    arrive();
    await screen.findByText('drafts');
    expect(eventGroupOpen(menu)).toBe('true');
  });

  it('a switch of organization shows the menu of the new role without closing the Event group', async () => {
    localStorage.setItem(`eo.organization.${ME.userId}`, SEMINAR.id);
    mountLayout('/event/draft');
    await screen.findByText('drafts');
    const menu = screen.getAllByRole('navigation', { name: 'Menu utama' })[0]!;
    // Finance sees the withdrawals; staff does not.
    within(menu).getByText('Penarikan Saldo');
    expect(eventGroupOpen(menu)).toBe('true');
    fireEvent.change(screen.getByRole('combobox', { name: 'Ganti organisasi' }), { target: { value: FESTIVAL.id } });
    await screen.findByText('home');
    expect(within(menu).queryByText('Penarikan Saldo')).toBeNull();
    expect(eventGroupOpen(menu)).toBe('true');
  });

  it('a role that may not use a screen sees "no access" instead of it', async () => {
    localStorage.setItem(`eo.organization.${ME.userId}`, 'not-a-member-any-more');
    mountLayout('/payout');
    // Falls back to the first membership: staff.
    await screen.findByText('Tidak ada akses');
    expect(screen.queryByText('payout screen')).toBeNull();
    expect(activeOrganizationId()).toBe(FESTIVAL.id);
  });

  it('the header\'s user badge is named by the name it shows, and says in its title that it opens the profile', async () => {
    mountLayout('/');
    await screen.findByText('home');
    // Its accessible name holds its visible text (axe: label-content-name-mismatch).
    const badge = screen.getByRole('link', { name: ME.name });
    expect(badge.getAttribute('href')).toBe('/profile');
    expect(badge.getAttribute('title')).toBe(ORG_FRAME_TEXT.openProfile);
  });
});
