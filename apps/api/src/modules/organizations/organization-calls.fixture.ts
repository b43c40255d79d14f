import type { OrgRole } from '@eo/contract';
import { readOutbox } from '../../lib/mailer.js';
import { call, tokenFor, type TestApp } from '../../../test/harness.js';
import { createUser } from '../users/users.service.js';

/** Tests' side of the organization and invitation calls, as the web app makes them. */
export function orgCalls(t: TestApp) {
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object, headers?: Record<string, string>) =>
    call(t.app, { method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) });
  const calls = {
    api,
    list: (token: string) => api('GET', '/v1/organizations', token),
    members: (orgId: string, token: string) => api('GET', `/v1/organizations/${orgId}/members`, token),
    invite: (orgId: string, email: string, role: OrgRole, token: string) => api('POST', `/v1/organizations/${orgId}/invitations`, token, { email, role }),
    resend: (orgId: string, invitationId: string, token: string) => api('POST', `/v1/organizations/${orgId}/invitations/${invitationId}/resend`, token),
    revoke: (orgId: string, invitationId: string, token: string) => api('DELETE', `/v1/organizations/${orgId}/invitations/${invitationId}`, token),
    changeRole: (orgId: string, userId: string, role: OrgRole, token: string) => api('PUT', `/v1/organizations/${orgId}/members/${userId}`, token, { role }),
    remove: (orgId: string, userId: string, token: string) => api('DELETE', `/v1/organizations/${orgId}/members/${userId}`, token),
    leave: (orgId: string, token: string) => api('POST', `/v1/organizations/${orgId}/leave`, token),
    audit: (orgId: string, query: string, token: string) => api('GET', `/v1/organizations/${orgId}/audit${query ? `?${query}` : ''}`, token),
    preview: (link: string) => api('GET', `/v1/invitations/${link}`),
    accept: (link: string, body: object = {}, token?: string) => api('POST', `/v1/invitations/${link}/accept`, token, body),
    /** The caller's oldest organization (their personal one for the fixture's organizers). */
    firstOrg: async (token: string): Promise<string> => (await calls.list(token)).body.data.docs[0].id,
    /** The token of the last invitation link mailed to `email`. */
    lastLink: async (email: string): Promise<string> => {
      const mails = (await readOutbox(t.config.dataDir)).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
      const link = mails.at(-1)?.text.match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
      if (!link) throw new Error(`no invitation mailed to ${email}`);
      return link;
    },
    /**
     * A new person joins `orgId` as `role` through the real flow (invited by `by`, accepts with a
     * name and password) and signs in; returns their user id and token.
     */
    join: async (orgId: string, email: string, role: OrgRole, by: string, password = 'member-password') => {
      const invited = await calls.invite(orgId, email, role, by);
      if (invited.status !== 201) throw new Error(`invite ${email}: ${invited.status} ${JSON.stringify(invited.body)}`);
      const accepted = await calls.accept(await calls.lastLink(email), { name: `Anggota ${email.split('@')[0]}`, password });
      if (accepted.status !== 200) throw new Error(`accept ${email}: ${accepted.status} ${JSON.stringify(accepted.body)}`);
      const { token } = await tokenFor(t.app, email, password);
      const members = (await calls.members(orgId, by)).body.data.docs as { userId: string; email: string }[];
      return { userId: members.find((m) => m.email === email)!.userId, token };
    },
  };
  return calls;
}

/** A new organizer with their own (personal) organization, signed in. */
export async function newOwner(t: TestApp, email: string, password = 'owner-password') {
  const name = `Pemilik ${email.split('@')[0]}`;
  const userId = await createUser(t.database.db, { email, name, password, roles: ['eventOrganizer'] });
  const { token } = await tokenFor(t.app, email, password);
  const orgId = (await call(t.app, { method: 'GET', url: '/v1/organizations', token })).body.data.docs[0].id as string;
  return { userId, token, orgId, email, name };
}
