import { expect, test } from '@playwright/test';
import { apiToken, screenshot, signIn } from './helpers';

const ON = {
  status: 'true',
  subtitle: 'Kami sedang melakukan pemeliharaan',
  description: 'Dashboard sedang ditingkatkan agar lebih cepat dan nyaman dipakai.',
  ending: 'Silakan kembali beberapa saat lagi. Terima kasih!',
};

test.describe('maintenance', () => {
  test('while on, every route goes to /maintenance with no menu; when off, back to the app', async ({ page, request }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: /^Halo, / })).toBeVisible();

    const admin = await apiToken(request, 'admin@demo.id');
    const set = (body: typeof ON) => request.put('/v1/admin/maintenance', { data: body, headers: { authorization: `Bearer ${admin}` } });
    expect((await set(ON)).status()).toBe(200);
    try {
      for (const path of ['/', '/event', '/login', '/certificate/create']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/maintenance$/);
      }
      await expect(page.getByRole('heading', { name: ON.subtitle })).toBeVisible();
      await expect(page.getByText(ON.description)).toBeVisible();
      await expect(page.getByText(ON.ending)).toBeVisible();
      await expect(page.getByRole('menuitem')).toHaveCount(0);
      await screenshot(page, 'maintenance-1280');
    } finally {
      expect((await set({ ...ON, status: 'false' })).status()).toBe(200);
    }
    // Reloaded once maintenance is off, /maintenance leads back to the last page asked for.
    await page.reload();
    await expect(page).toHaveURL(/\/certificate\/create$/);
    // Opened afresh in a new tab, to the overview.
    const fresh = await page.context().newPage();
    await fresh.goto('/maintenance');
    await expect(fresh).toHaveURL(/\/$/);
    await expect(fresh.getByRole('heading', { name: /^Halo, / })).toBeVisible();
    await fresh.close();
  });

  test('the page asked for during maintenance opens by itself once it ends, without a reload', async ({ page, request }) => {
    // The page's own timers, under a clock the test moves on instead of waiting out the poll.
    await page.clock.install();
    await page.goto('/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: /^Halo, / })).toBeVisible();
    const admin = await apiToken(request, 'admin@demo.id');
    const set = (status: 'true' | 'false') => request.put('/v1/admin/maintenance', { data: { ...ON, status }, headers: { authorization: `Bearer ${admin}` } });
    expect((await set('true')).status()).toBe(200);
    try {
      await page.goto('/payout?page=1');
      await expect(page).toHaveURL(/\/maintenance$/);
      await expect(page.getByRole('heading', { name: ON.subtitle })).toBeVisible();
      await page.evaluate(() => { (window as unknown as { stillHere: boolean }).stillHere = true; });
    } finally {
      expect((await set('false')).status()).toBe(200);
    }
    // The page polls the status at least every 30 s: 30 s on its clock bring it back.
    await page.clock.fastForward('00:30');
    await expect(page).toHaveURL(/\/payout\?page=1$/);
    await expect(page.getByRole('heading', { name: 'Penarikan Saldo' }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test('a stale stored flag does not lose the page: the server says off, /payout opens directly', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: /^Halo, / })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('eo.maintenance', 'true'));
    // Every URL the app shows, including its own replaceState/pushState navigations.
    await page.addInitScript(() => {
      const seen: string[] = [location.pathname];
      (window as unknown as { seen: string[] }).seen = seen;
      for (const fn of ['pushState', 'replaceState'] as const) {
        const original = history[fn].bind(history);
        history[fn] = (data, unused, url) => { if (url) seen.push(new URL(String(url), location.href).pathname); original(data, unused, url); };
      }
    });
    await page.goto('/payout');
    await expect(page.getByRole('heading', { name: 'Penarikan Saldo' }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/payout$/);
    expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).not.toContain('/maintenance');
  });
});
