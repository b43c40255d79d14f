import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ORG_MSG } from '@eo/contract';
import { renderPage } from '../../test/render-page';
import { forgetOrganization, ME } from '../../test/organizations';
import { activeOrganizationId } from '../../lib/organization-store';
import { currentSessionState, storeLogin } from '../../lib/session-store';
import { bodyOf, json, mockApi } from './organization.fixture';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { InvitePage } from './InvitePage';

afterEach(() => {
  vi.unstubAllGlobals();
  forgetOrganization();
});

const TOKEN = 'tok-abcdefghijklmnop';
const preview = (hasAccount: boolean) => json(200, { data: { result: { organizationName: 'Panitia Festival', email: 'andi@panitia.id', role: 'finance', hasAccount, expiresAt: '2026-11-30T03:00:00.000Z' } } });
const accepted = () => json(200, { data: { result: { id: 'org-9', name: 'Panitia Festival', role: 'finance' } } });

describe('ForgotPasswordPage', () => {
  it('sends the email and then says the link was sent', async () => {
    const api = mockApi({ 'POST /v1/password/forgot': () => json(202, { data: null, message: ORG_MSG.resetLinkSent }) });
    const { user } = renderPage(<ForgotPasswordPage />);
    await user.type(screen.getByLabelText('Email'), 'andi@panitia.id');
    await user.click(screen.getByRole('button', { name: 'Kirim tautan' }));
    await screen.findByText(ORG_MSG.resetLinkSent);
    expect(bodyOf(api.calls().find((c) => c.key === 'POST /v1/password/forgot')!.init)).toEqual({ email: 'andi@panitia.id' });
  });
});

describe('ResetPasswordPage', () => {
  const route = `/reset-password/${TOKEN}`;
  const fill = async (user: ReturnType<typeof renderPage>['user'], pw: string, confirm = pw) => {
    await user.type(await screen.findByLabelText('Password baru'), pw);
    await user.type(screen.getByLabelText('Ulangi password baru'), confirm);
    await user.click(screen.getByRole('button', { name: 'Simpan password' }));
  };

  const open = { [`GET /v1/password/reset/${TOKEN}`]: () => json(200, { data: { result: { expiresAt: '2026-12-02T10:00:00.000Z' } } }) };

  it('a used or expired link says so before anything is typed, with the way to a new one', async () => {
    mockApi({ [`GET /v1/password/reset/${TOKEN}`]: () => json(410, { message: ORG_MSG.resetExpired, messageId: 'RESET_LINK_EXPIRED' }) });
    renderPage(<ResetPasswordPage />, { path: '/reset-password/:token', route });
    await screen.findByText(ORG_MSG.resetExpired);
    expect(screen.queryByLabelText('Password baru')).toBeNull();
    expect(screen.getByRole('link', { name: 'Minta tautan baru' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('sends the token and new password, then links to /login', async () => {
    const api = mockApi({ ...open, 'POST /v1/password/reset': () => json(200, { data: null, message: 'ok' }) });
    const { user } = renderPage(<ResetPasswordPage />, { path: '/reset-password/:token', route });
    await fill(user, 'rahasia-baru');
    await screen.findByText('Password berhasil diatur ulang. Silakan masuk dengan password baru.');
    expect(screen.getByRole('link', { name: 'Masuk' }).getAttribute('href')).toBe('/login');
    expect(bodyOf(api.calls().find((c) => c.key === 'POST /v1/password/reset')!.init)).toEqual({ token: TOKEN, password: 'rahasia-baru' });
  });

  it('checks the confirmation and the minimum length before sending', async () => {
    const api = mockApi(open);
    const { user } = renderPage(<ResetPasswordPage />, { path: '/reset-password/:token', route });
    await fill(user, 'pendek');
    await screen.findByText('Password must have at least 8 characters');
    await user.clear(screen.getByLabelText('Password baru'));
    await user.clear(screen.getByLabelText('Ulangi password baru'));
    await fill(user, 'rahasia-baru', 'rahasia-lain');
    await screen.findByText('Konfirmasi password tidak sama');
    expect(api.calls().filter((c) => c.key === 'POST /v1/password/reset')).toHaveLength(0);
  });

  it('shows the API message for a token refused while typing', async () => {
    mockApi({ ...open, 'POST /v1/password/reset': () => json(410, { message: ORG_MSG.resetExpired, messageId: 'RESET_EXPIRED' }) });
    const { user } = renderPage(<ResetPasswordPage />, { path: '/reset-password/:token', route });
    await fill(user, 'rahasia-baru');
    await screen.findByText(ORG_MSG.resetExpired);
  });
});

describe('InvitePage', () => {
  const at = { path: '/invite/:token', route: `/invite/${TOKEN}`, stubs: { '/': 'overview', '/login': 'login page' } };

  it('a used or expired link (410) says so', async () => {
    mockApi({ [`GET /v1/invitations/${TOKEN}`]: () => json(410, { message: 'gone', messageId: 'INVITATION_EXPIRED' }) });
    renderPage(<InvitePage />, at);
    await screen.findByText(ORG_MSG.invitationExpired);
  });

  const signedInAs = (email: string) => json(200, { data: {
    tokenData: { token: 'tkn-baru', tokenType: 'Bearer', expire: 3600, refreshExpire: 86400 },
    user: { email, profile: { userId: 'user-baru', name: 'Andi', userLevel: { level: 'eo' } } }, roles: [{ role: { name: 'eventOrganizer' } }],
  } });

  /** The invitee fills in a name and a password and accepts. */
  async function acceptAsNewPerson() {
    const { user } = renderPage(<InvitePage />, at);
    await screen.findByText('Anda diundang bergabung dengan Panitia Festival sebagai Keuangan.');
    await user.type(screen.getByLabelText('Nama'), 'Andi');
    await user.type(screen.getByLabelText('Password'), 'rahasia-baru');
    await user.type(screen.getByLabelText('Ulangi password'), 'rahasia-baru');
    await user.click(screen.getByRole('button', { name: 'Buat akun dan terima undangan' }));
  }

  it('a new person creates the account without a token, is signed in with it and lands in the organization', async () => {
    const api = mockApi({
      [`GET /v1/invitations/${TOKEN}`]: () => preview(false), [`POST /v1/invitations/${TOKEN}/accept`]: accepted,
      'POST /v1/login/email': () => signedInAs('andi@panitia.id'),
    });
    await acceptAsNewPerson();
    await screen.findByText('overview');
    const sent = api.calls().find((c) => c.key === `POST /v1/invitations/${TOKEN}/accept`)!;
    expect(bodyOf(sent.init)).toEqual({ name: 'Andi', password: 'rahasia-baru' });
    expect((sent.init?.headers as Record<string, string> | undefined)?.authorization).toBeUndefined();
    expect(bodyOf(api.calls().find((c) => c.key === 'POST /v1/login/email')!.init)).toMatchObject({ email: 'andi@panitia.id', password: 'rahasia-baru' });
    expect(currentSessionState()).not.toBe('login');
    await waitFor(() => expect(activeOrganizationId()).toBe('org-9'));
  });

  it('a new person whose sign-in fails after the account was made is sent to sign in', async () => {
    const api = mockApi({
      [`GET /v1/invitations/${TOKEN}`]: () => preview(false), [`POST /v1/invitations/${TOKEN}/accept`]: accepted,
      'POST /v1/login/email': () => json(503, { message: 'down' }),
    });
    await acceptAsNewPerson();
    await screen.findByText('Undangan diterima. Silakan masuk dengan email andi@panitia.id.');
    const sent = api.calls().find((c) => c.key === `POST /v1/invitations/${TOKEN}/accept`)!;
    expect(bodyOf(sent.init)).toEqual({ name: 'Andi', password: 'rahasia-baru' });
    expect((sent.init?.headers as Record<string, string> | undefined)?.authorization).toBeUndefined();
  });

  it('a known email not signed in is sent to sign in and back', async () => {
    mockApi({ [`GET /v1/invitations/${TOKEN}`]: () => preview(true) });
    renderPage(<InvitePage />, at);
    const link = (await screen.findByText('Masuk untuk menerima undangan')).closest('a')!;
    expect(link.getAttribute('href')).toBe(`/login?from=${encodeURIComponent(`/invite/${TOKEN}`)}`);
  });

  it('a signed-in user accepts with their token, acts within the organization and goes to /', async () => {
    storeLogin({
      tokenData: { token: 'tkn', tokenType: 'Bearer', expire: 3600, refreshExpire: 86400 },
      user: { email: 'andi@panitia.id', profile: { userId: ME.userId, name: 'Andi', userLevel: { level: 'eo' } } },
      roles: [],
    });
    const api = mockApi({ [`GET /v1/invitations/${TOKEN}`]: () => preview(true), [`POST /v1/invitations/${TOKEN}/accept`]: accepted });
    const { user } = renderPage(<InvitePage />, at);
    await user.click(await screen.findByRole('button', { name: 'Terima undangan' }));
    await screen.findByText('overview');
    const sent = api.calls().find((c) => c.key === `POST /v1/invitations/${TOKEN}/accept`)!;
    expect((sent.init?.headers as Record<string, string>).authorization).toBe('Bearer tkn');
    await waitFor(() => expect(activeOrganizationId()).toBe('org-9'));
  });
});
