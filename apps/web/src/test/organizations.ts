import { act } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { Organization, OrgRole } from '@eo/contract';
import { clearActiveOrganization, setActiveOrganization } from '../lib/organization-store';
import { ORGANIZATIONS_KEY } from '../lib/organizations';

export const ME = { userId: '11111111-1111-4111-8111-111111111111', email: 'budi@panitia.id', name: 'Budi' };
export const ORG_ID = '22222222-2222-4222-8222-222222222222';

/** A signed-in user (globalAdmin or not) as the layout leaves them: their memberships cached, `role` active in the first. */
export function actAs(client: QueryClient, role: OrgRole, { others = [] as Organization[], globalAdmin = false } = {}) {
  localStorage.setItem('eo.user', JSON.stringify({ email: ME.email, profile: { userId: ME.userId, name: ME.name, userLevel: { level: 'eo' } } }));
  localStorage.setItem('eo.roles', JSON.stringify(globalAdmin ? ['globalAdmin'] : ['eventOrganizer']));
  act(() => {
    client.setQueryData(ORGANIZATIONS_KEY, [{ id: ORG_ID, name: 'Panitia Festival', role }, ...others]);
    setActiveOrganization(ME.userId, ORG_ID);
  });
}

/** Forgets the active organization kept in memory between tests. */
export const forgetOrganization = () => clearActiveOrganization();

export { json } from './mock-api';
