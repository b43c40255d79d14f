import { expect, test } from '@playwright/test';
import { ORGANIZER, screenshot, signIn } from './helpers';

test.describe('sign-in', () => {
  test('the login page shows the spec title, fields, button and footer', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Selamat Datang di Event Organizer Dashboard' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByText(/Copyright ©/)).toBeVisible();
    await screenshot(page, 'login-1280');
  });

  test('full page loads log no React Router HydrateFallback warning', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await signIn(page);
    for (const url of ['/', '/event/history', '/payout']) {
      await page.goto(url);
      await expect(page.getByRole('navigation').first()).toBeVisible();
    }
    expect(messages.filter((m) => m.includes('HydrateFallback'))).toEqual([]);
  });

  test('empty and short inputs show the spec messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Please input your email')).toBeVisible();
    await expect(page.getByText('Please input your password')).toBeVisible();
    // The message keeps its distance from the button below it (it sat flush against it).
    const message = (await page.getByText('Please input your password').boundingBox())!;
    const button = (await page.getByRole('button', { name: 'Login' }).boundingBox())!;
    expect(button.y - (message.y + message.height)).toBeGreaterThanOrEqual(8);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Password must have at least 8 characters')).toBeVisible();
    await screenshot(page, 'login-validation-1280');
  });

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, ORGANIZER, 'wrong-password', { expectSuccess: false });
    await expect(page.getByText('Email atau password salah')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a user without a dashboard role is refused with `Restriced access`', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, 'participant@demo.id', undefined, { expectSuccess: false });
    await expect(page.getByText('Restriced access')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unauthenticated visit goes to /login and returns to the origin after sign-in', async ({ page }) => {
    await page.goto('/event/history?page=2');
    await expect(page).toHaveURL(/\/login\?from=%2Fevent%2Fhistory%3Fpage%3D2$/);
    await signIn(page);
    await expect(page).toHaveURL(/\/event\/history\?page=2$/);
    // A signed-in visit to /login goes back where it came from, else to /.
    await page.goto('/login?from=%2Fevent');
    await expect(page).toHaveURL(/\/event$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a 401 from the API clears the session and goes to /login', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: /^Halo, / })).toBeVisible();
    // Revoke the session on the server behind the page's back, then make the page call the API.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('eo.token')!).token);
    await page.request.post('/v1/logout', { headers: { authorization: `Bearer ${token}` } });
    // The stored token still looks valid to the client; the overview's calls get 401.
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('eo.token'))).toBeNull();
  });

  test('an expired access token is refreshed on route entry, through the HttpOnly cookie', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: /^Halo, / })).toBeVisible();
    const cookie = async () => (await page.context().cookies()).find((c) => c.name === 'eo_refresh');
    const first = await cookie();
    expect(first).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/v1/login/refresh' });
    const before = await page.evaluate(() => {
      const t = JSON.parse(localStorage.getItem('eo.token')!);
      t.expire = new Date(Date.now() - 60_000).toISOString();
      localStorage.setItem('eo.token', JSON.stringify(t));
      return t.token as string;
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /^Halo, / })).toBeVisible();
    const after = await page.evaluate(() => JSON.parse(localStorage.getItem('eo.token')!));
    // A new access token; the refresh token rotated in the cookie and was never put in storage.
    expect(after.token).not.toBe(before);
    expect(after.refreshToken).toBeUndefined();
    expect((await cookie())!.value).not.toBe(first!.value);
    expect(await page.evaluate(() => document.cookie)).not.toContain('eo_refresh');
    expect(Date.parse(after.expire)).toBeGreaterThan(Date.now());
    expect(after.expire).toMatch(/\+07:00$/);
  });

  test('both expiries passed: storage cleared and /login', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: /^Halo, / })).toBeVisible();
    await page.evaluate(() => {
      const t = JSON.parse(localStorage.getItem('eo.token')!);
      t.expire = t.refreshExpire = new Date(Date.now() - 60_000).toISOString();
      localStorage.setItem('eo.token', JSON.stringify(t));
    });
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('eo.user'))).toBeNull();
  });
});
