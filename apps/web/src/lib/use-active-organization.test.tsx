import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderPage } from '../test/render-page';
import { actAs, forgetOrganization, json, ME, ORG_ID } from '../test/organizations';
import { activeOrganizationId, setActiveOrganization } from './organization-store';
import { getOrganizations, ORGANIZATIONS_KEY, pickActive } from './organizations';
import { useSwitchOrganization } from './use-active-organization';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

const OTHER = { id: 'org-other', name: 'Panitia Seminar', role: 'finance' as const };

function Switch() {
  const switchTo = useSwitchOrganization();
  return <button type="button" onClick={() => switchTo(OTHER.id)}>switch</button>;
}

describe('switching organization', () => {
  it('remembers the choice, drops every cached answer but the memberships and goes to /', async () => {
    const { user, client } = renderPage(<Switch />, { path: '/event', route: '/event', stubs: { '/': 'overview' } });
    actAs(client, 'owner', { others: [OTHER] });
    client.setQueryData(['events', 'total'], { active: 3 });
    client.setQueryData(['transactions', 'eo', 'summary'], { totalSales: 1 });

    await user.click(screen.getByText('switch'));

    await screen.findByText('overview');
    expect(activeOrganizationId()).toBe(OTHER.id);
    expect(localStorage.getItem(`eo.organization.${ME.userId}`)).toBe(OTHER.id);
    expect(client.getQueryData(['events', 'total'])).toBeUndefined();
    expect(client.getQueryData(['transactions', 'eo', 'summary'])).toBeUndefined();
    expect(client.getQueryData(ORGANIZATIONS_KEY)).toHaveLength(2);
  });
});

describe('the active organization after sign-in', () => {
  const docs = [{ id: ORG_ID, name: 'A', role: 'staff' as const }, OTHER];

  it('is the remembered one when still a membership, else the first', () => {
    expect(pickActive(docs, null, OTHER.id)).toBe(docs[1]);
    expect(pickActive(docs, null, 'gone')).toBe(docs[0]);
    expect(pickActive(docs, ORG_ID, OTHER.id)).toBe(docs[0]);
    expect(pickActive([], null, null)).toBeUndefined();
  });

  it('is settled when the memberships are read, from the id remembered for this user', async () => {
    localStorage.setItem('eo.user', JSON.stringify({ email: ME.email, profile: { userId: ME.userId, name: ME.name, userLevel: { level: 'eo' } } }));
    localStorage.setItem(`eo.organization.${ME.userId}`, OTHER.id);
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { data: { docs } })));
    await getOrganizations();
    expect(activeOrganizationId()).toBe(OTHER.id);

    forgetOrganization();
    localStorage.setItem(`eo.organization.${ME.userId}`, 'no-longer-a-member');
    await getOrganizations();
    await waitFor(() => expect(activeOrganizationId()).toBe(ORG_ID));
    expect(localStorage.getItem(`eo.organization.${ME.userId}`)).toBe(ORG_ID);
  });

  it('a stale in-memory choice gives way too', async () => {
    setActiveOrganization(undefined, 'stale');
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { data: { docs } })));
    await getOrganizations();
    expect(activeOrganizationId()).toBe(ORG_ID);
  });
});
