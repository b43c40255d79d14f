import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAIL_MSG, MESSAGE_ID, ORG_MSG } from '@eo/contract';
import { loginFailures, passwordResets, users } from '../../db/schema/index.js';
import { readOutbox } from '../../lib/mailer.js';
import { call, login, tokenFor, type TestApp } from '../../../test/harness.js';
import { createTeamApp, PASSWORD, passwordHashed } from '../../../test/fixtures.js';
import { createUser } from '../users/users.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { AccountService, hashResetToken, RESET_MAILS_PER_HOUR } from './account.service.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof createTeamApp>>['ids'];
let org1: string;

beforeAll(async () => {
  const team = await createTeamApp({ PUBLIC_URL: 'https://eo.contoh.id' });
  ({ t, ids, org1 } = team);
});
afterAll(() => t.close());

const mailsTo = async (email: string) => (await readOutbox(t.config.dataDir)).filter((m) => m.to.includes(email));
const forgot = (email: string) => call(t.app, { method: 'POST', url: '/v1/password/forgot', payload: { email } });
const reset = (token: string, password: string) => call(t.app, { method: 'POST', url: '/v1/password/reset', payload: { token, password } });
const change = (token: string, currentPassword: string, newPassword: string) =>
  call(t.app, { method: 'POST', url: '/v1/password/change', token, payload: { currentPassword, newPassword } });
const profile = (token: string) => call(t.app, { method: 'GET', url: '/v1/profile', token });

/** The reset link of the `n`-th (1-based) reset mail to `email`, once it has landed (mails leave after the answer). */
async function resetToken(email: string, n: number): Promise<string> {
  const mail = await vi.waitFor(async () => {
    const mails = await mailsTo(email);
    if (mails.length < n) throw new Error(`${mails.length} reset mails to ${email}, waiting for ${n}`);
    return mails[n - 1]!;
  }, { timeout: 10_000, interval: 50 });
  expect(mail.subject).toBe(MAIL_MSG.resetSubject);
  const token = mail.text.match(/https:\/\/eo\.contoh\.id\/reset-password\/([A-Za-z0-9_-]{43})\b/)?.[1];
  if (!token) throw new Error(`no reset link in: ${mail.text}`);
  return token;
}

describe('GET /v1/profile', () => {
  it('answers the caller and their organizations, oldest first, with the role in each', async () => {
    const res = await profile(org1);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toEqual({
      userId: ids.org1, email: 'organizer@demo.id', name: 'Organizer Satu',
      organizations: [{ id: expect.any(String), name: 'Organizer Satu', role: 'owner' }],
    });
    expect((await profile('not-a-token')).status).toBe(401);
  });
});

describe('forgotten password', () => {
  it('answers an unknown email exactly as a known one, and mails only the known one', async () => {
    const unknown = await forgot('tidak-terdaftar@contoh.id');
    const known = await forgot('ORGANIZER2@demo.id');
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: ORG_MSG.resetLinkSent, data: null });
    // The known one's mail lands (to the stored address); nothing ever went to the unknown one.
    await resetToken('organizer2@demo.id', 1);
    expect(await mailsTo('tidak-terdaftar@contoh.id')).toEqual([]);
    const [mail] = await mailsTo('organizer2@demo.id');
    expect(mail!.text).toContain('Atur password baru (berlaku 60 menit, sekali pakai)');
  });

  it('a link resets the password once; old password, access and refresh tokens stop working', async () => {
    const email = 'reset-once@contoh.id';
    await createUser(t.database.db, { email, name: 'Reset Sekali', password: await passwordHashed(), roles: ['eventOrganizer'] });
    const session = await tokenFor(t.app, email);
    expect((await profile(session.token)).status).toBe(200); // cached by the auth service now

    expect((await forgot(email)).status).toBe(202);
    const token = await resetToken(email, 1);
    const [row] = await t.database.db.select().from(passwordResets).where(eq(passwordResets.tokenHash, hashResetToken(token)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60 * 60_000);

    const link = (t0: string) => call(t.app, { method: 'GET', url: `/v1/password/reset/${t0}` });
    const open = await link(token);
    expect(open.status).toBe(200);
    expect(open.body.data.result).toEqual({ expiresAt: row!.expiresAt.toISOString() });

    const done = await reset(token, 'password-baru-123');
    expect(done.status).toBe(200);
    // Used: the page can say so before anything is typed.
    const used = await link(token);
    expect(used.status).toBe(410);
    expect(used.body).toMatchObject({ messageId: MESSAGE_ID.resetLinkExpired, message: ORG_MSG.resetExpired });
    expect(done.body.message).toBe(ORG_MSG.passwordChanged);

    const again = await reset(token, 'password-lain-456');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ messageId: MESSAGE_ID.validation, message: ORG_MSG.resetExpired });

    expect((await login(t.app, email, PASSWORD)).status).toBe(401);
    expect((await login(t.app, email, 'password-lain-456')).status).toBe(401);
    expect((await login(t.app, email, 'password-baru-123')).status).toBe(200);
    // Signed out at once, cache included.
    expect((await profile(session.token)).status).toBe(401);
    const refreshed = await call(t.app, { method: 'POST', url: '/v1/login/refresh', payload: { refreshToken: session.refreshToken, platform: 'eo_dashboard' } });
    expect(refreshed.status).toBe(401);
  });

  it('refuses an expired link and an unknown one the same way', async () => {
    const email = 'reset-late@contoh.id';
    await createUser(t.database.db, { email, name: 'Reset Telat', password: await passwordHashed(), roles: ['eventOrganizer'] });
    await forgot(email);
    const token = await resetToken(email, 1);
    await t.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.tokenHash, hashResetToken(token)));
    const late = await reset(token, 'password-baru-123');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(ORG_MSG.resetExpired);
    const unknown = await reset('A'.repeat(43), 'password-baru-123');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(late.body);
    const [lateLink, unknownLink] = [await call(t.app, { method: 'GET', url: `/v1/password/reset/${token}` }), await call(t.app, { method: 'GET', url: `/v1/password/reset/${'A'.repeat(43)}` })];
    expect([lateLink.status, unknownLink.status]).toEqual([410, 410]);
    expect(unknownLink.body).toEqual(lateLink.body);
    expect((await login(t.app, email, PASSWORD)).status).toBe(200);
  });

  it('a reset forgives the account’s failed sign-ins', async () => {
    const email = 'reset-locked@contoh.id';
    await createUser(t.database.db, { email, name: 'Lupa Sandi', password: await passwordHashed(), roles: ['eventOrganizer'] });
    for (let i = 0; i < 3; i++) expect((await login(t.app, email, `tebakan-${i}`)).status).toBe(401);
    const keysOf = async () => (await t.database.db.select().from(loginFailures)).map((r) => r.key).filter((k) => k.includes(email));
    expect(await keysOf()).not.toEqual([]);
    await forgot(email);
    expect((await reset(await resetToken(email, 1), 'password-baru-123')).status).toBe(200);
    expect(await keysOf()).toEqual([]);
  });

  it('answers the same when the mail cannot be sent, and logs it', async () => {
    const email = 'reset-nomail@contoh.id';
    await createUser(t.database.db, { email, name: 'Tanpa Surat', password: await passwordHashed(), roles: ['eventOrganizer'] });
    const log = { error: vi.fn() };
    const mailer = { send: vi.fn(async () => { throw new Error('smtp down'); }), close: () => undefined };
    const service = new AccountService(t.database.db, {} as AuthService, mailer, { publicUrl: 'https://eo.contoh.id' }, log);
    await expect(service.forgotPassword(email)).resolves.toBeUndefined();
    await service.settle();
    expect(mailer.send).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ to: email }), 'password reset mail failed');
  });

  it(`mails an account at most ${RESET_MAILS_PER_HOUR} links an hour, and still answers 202`, async () => {
    const email = 'reset-often@contoh.id';
    await createUser(t.database.db, { email, name: 'Sering Lupa', password: await passwordHashed(), roles: ['eventOrganizer'] });
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 2; i++) {
      const res = await forgot(email);
      expect(res.status).toBe(202);
      expect(res.body.message).toBe(ORG_MSG.resetLinkSent);
    }
    await resetToken(email, RESET_MAILS_PER_HOUR);
    const rows = await t.database.db.select().from(passwordResets).innerJoin(users, eq(passwordResets.userId, users.id)).where(eq(users.email, email));
    expect(rows).toHaveLength(RESET_MAILS_PER_HOUR);
    expect(await mailsTo(email)).toHaveLength(RESET_MAILS_PER_HOUR);
  });
});

describe('POST /v1/password/change', () => {
  it('refuses a wrong current password and a new one equal to it', async () => {
    const email = 'change-wrong@contoh.id';
    await createUser(t.database.db, { email, name: 'Salah Ketik', password: await passwordHashed(), roles: ['eventOrganizer'] });
    const { token } = await tokenFor(t.app, email);
    const wrong = await change(token, 'bukan-password-ini', 'password-baru-123');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ messageId: MESSAGE_ID.validation, message: ORG_MSG.currentPasswordWrong, errors: [{ path: 'currentPassword', message: ORG_MSG.currentPasswordWrong }] });
    const same = await change(token, PASSWORD, PASSWORD);
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(ORG_MSG.passwordSame);
    expect((await login(t.app, email, PASSWORD)).status).toBe(200);
  });

  it('sets the new password and signs out every other session, keeping the caller’s', async () => {
    const email = 'change-ok@contoh.id';
    await createUser(t.database.db, { email, name: 'Ganti Sandi', password: await passwordHashed(), roles: ['eventOrganizer'] });
    const mine = await tokenFor(t.app, email);
    const other = await tokenFor(t.app, email);
    expect((await profile(other.token)).status).toBe(200); // cached

    const res = await change(mine.token, PASSWORD, 'password-baru-123');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ORG_MSG.passwordChanged, data: null });

    expect((await profile(other.token)).status).toBe(401);
    const otherRefresh = await call(t.app, { method: 'POST', url: '/v1/login/refresh', payload: { refreshToken: other.refreshToken, platform: 'eo_dashboard' } });
    expect(otherRefresh.status).toBe(401);
    expect((await profile(mine.token)).status).toBe(200);
    const myRefresh = await call(t.app, { method: 'POST', url: '/v1/login/refresh', payload: { refreshToken: mine.refreshToken, platform: 'eo_dashboard' } });
    expect(myRefresh.status).toBe(200);
    expect((await login(t.app, email, PASSWORD)).status).toBe(401);
    expect((await login(t.app, email, 'password-baru-123')).status).toBe(200);
  });
});
