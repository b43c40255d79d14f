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
      await page.setViewportSize({ width: 375, height: 812 });
      await screenshot(page, 'maintenance-375');
      await page.setViewportSize({ width: 1280, height: 800 });
    } finally {
      expect((await set({ ...ON, status: 'false' })).status()).toBe(200);
    }
    await page.goto('/maintenance');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: /^Halo, / })).toBeVisible();
  });
});
