import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ORG_MSG, type Invitation, type Member } from '@eo/contract';
import { renderPage } from '../../test/render-page';
import { actAs, forgetOrganization, ME, ORG_ID } from '../../test/organizations';
import { bodyOf, choose, json, mockApi } from './organization.fixture';
import { MembersPage } from './MembersPage';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

const SITI = '33333333-3333-4333-8333-333333333333';
const members: Member[] = [
  { userId: ME.userId, email: ME.email, name: ME.name, role: 'owner', joinedAt: '2026-11-01T03:00:00.000Z' },
  { userId: SITI, email: 'siti@panitia.id', name: 'Siti', role: 'staff', joinedAt: '2026-11-10T03:00:00.000Z' },
];
const invitation: Invitation = { id: '44444444-4444-4444-8444-444444444444', email: 'andi@panitia.id', role: 'finance', expiresAt: '2026-11-30T03:00:00.000Z', invitedBy: ME.userId };
const base = `/v1/organizations/${ORG_ID}`;
const list = () => json(200, { data: { docs: members, invitations: [invitation] } });

function open(role: 'owner' | 'admin' = 'owner') {
  const r = renderPage(<MembersPage />);
  actAs(r.client, role);
  return r;
}

describe('MembersPage', () => {
  it('lists members (joined date in WIB) and pending invitations', async () => {
    mockApi({ [`GET ${base}/members`]: list });
    open();
    await screen.findByText('siti@panitia.id');
    screen.getByText(`${ME.name} (Anda)`);
    screen.getByText('10 Nov 2026 10:00');
    screen.getByText('andi@panitia.id');
  });

  it('invites by email and role', async () => {
    const api = mockApi({ [`GET ${base}/members`]: list, [`POST ${base}/invitations`]: () => json(201, { data: { result: invitation } }) });
    const { user } = open();
    await screen.findByText('siti@panitia.id');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'baru@panitia.id');
    await choose('Peran', 'Keuangan');
    await user.click(screen.getByRole('button', { name: 'Kirim undangan' }));
    await waitFor(() => expect(api.calls().some((c) => c.key === `POST ${base}/invitations`)).toBe(true));
    const sent = api.calls().find((c) => c.key === `POST ${base}/invitations`)!;
    expect(bodyOf(sent.init)).toEqual({ email: 'baru@panitia.id', role: 'finance' });
    await screen.findByText('Undangan terkirim ke baru@panitia.id');
  });

  it('an admin cannot invite or make an owner', async () => {
    mockApi({ [`GET ${base}/members`]: list });
    open('admin');
    await screen.findByText('siti@panitia.id');
    await choose('Peran', 'Admin');
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).not.toContain('Pemilik');
  });

  it('changes a role and removes a member with the right calls', async () => {
    const api = mockApi({
      [`GET ${base}/members`]: list,
      [`PUT ${base}/members/${SITI}`]: () => json(200, { data: { result: { ...members[1], role: 'admin' } } }),
      [`DELETE ${base}/members/${SITI}`]: () => json(200, { data: { result: members[1] } }),
    });
    const { user } = open();
    await screen.findByText('siti@panitia.id');
    await choose('Ubah peran Siti', 'Admin');
    await waitFor(() => expect(api.calls().some((c) => c.key === `PUT ${base}/members/${SITI}`)).toBe(true));
    expect(bodyOf(api.calls().find((c) => c.key === `PUT ${base}/members/${SITI}`)!.init)).toEqual({ role: 'admin' });

    await user.click(screen.getByRole('button', { name: 'Keluarkan' }));
    await user.click(await screen.findByRole('button', { name: 'Ya' }));
    await waitFor(() => expect(api.calls().some((c) => c.key === `DELETE ${base}/members/${SITI}`)).toBe(true));
    // The user's own row is never changed nor removed from here.
    expect(screen.getAllByRole('button', { name: 'Keluarkan' })).toHaveLength(1);
  });

  it('shows the API refusal LAST_OWNER when the last owner leaves', async () => {
    const api = mockApi({
      [`GET ${base}/members`]: list,
      [`POST ${base}/leave`]: () => json(409, { message: ORG_MSG.lastOwner, messageId: 'LAST_OWNER' }),
    });
    const { user } = open();
    await screen.findByText('siti@panitia.id');
    await user.click(screen.getByRole('button', { name: /Keluar dari organisasi/ }));
    await user.click(await screen.findByRole('button', { name: 'Ya' }));
    const alert = await screen.findByRole('alert');
    within(alert).getByText(ORG_MSG.lastOwner);
    expect(api.calls().some((c) => c.key === `POST ${base}/leave`)).toBe(true);
  });

  it('resends and revokes an invitation', async () => {
    const api = mockApi({
      [`GET ${base}/members`]: list,
      [`POST ${base}/invitations/${invitation.id}/resend`]: () => json(200, { data: { result: invitation } }),
      [`DELETE ${base}/invitations/${invitation.id}`]: () => json(200, { data: { result: invitation } }),
    });
    const { user } = open();
    await screen.findByText('andi@panitia.id');
    await user.click(screen.getByRole('button', { name: 'Kirim ulang' }));
    await waitFor(() => expect(api.calls().some((c) => c.key === `POST ${base}/invitations/${invitation.id}/resend`)).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Batalkan' }));
    await user.click(await screen.findByRole('button', { name: 'Ya' }));
    await waitFor(() => expect(api.calls().some((c) => c.key === `DELETE ${base}/invitations/${invitation.id}`)).toBe(true));
  });
});
