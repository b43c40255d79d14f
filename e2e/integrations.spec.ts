import { expect, test, type Page } from '@playwright/test';
import { screenshot, signIn } from './helpers';

/**
 * An owner connects another system: makes an API key on Integrasi (shown once), the system reads
 * the organization's events with it over plain HTTP and is refused what the key's scope does not
 * open; the owner revokes the key and its next call is refused.
 */
const LOMBA = 'Lomba Debat Bahasa Indonesia Tingkat SMA se-Jawa 2026';
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu utama' });

test.describe('integrations', () => {
  test('an owner makes an API key, a system reads events with it, the owner revokes it', async ({ page, request }) => {
    test.slow();
    const name = `Sistem CRM ${Date.now()}`;
    await page.goto('/login');
    await signIn(page);
    await menu(page).getByRole('menuitem', { name: /Integrasi$/ }).click();
    await expect(page).toHaveURL(/\/organization\/integrations$/);
    await expect(page.getByRole('heading', { name: 'Integrasi', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: /Buat kunci API/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nama').fill(name);
    await dialog.getByRole('checkbox', { name: /events\.read/ }).check();
    await screenshot(page, 'integrations-create-1280');
    await dialog.getByRole('button', { name: 'Buat kunci', exact: true }).click();
    const shown = dialog.getByRole('textbox', { name: 'Kunci API' });
    await expect(shown).toHaveValue(/^eo_live_/);
    await expect(dialog.getByText(/tidak akan ditampilkan lagi/)).toBeVisible();
    const key = await shown.inputValue();
    await screenshot(page, 'integrations-key-shown-1280');
    await dialog.getByRole('button', { name: 'Selesai' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText(`${key.slice(0, 16)}…`)).toBeVisible();

    // The other system: plain HTTP with the key, no session, no organization header.
    const asKey = { authorization: `Bearer ${key}` };
    const filters = encodeURIComponent(JSON.stringify({ name: 'Lomba Debat' }));
    const events = await request.get(`/v1/events/lists?filters=${filters}`, { headers: asKey });
    expect(events.status()).toBe(200);
    expect(JSON.stringify(await events.json())).toContain(LOMBA);
    const participants = await request.get('/v1/organization/api-keys', { headers: asKey });
    expect(participants.status()).toBe(403);
    expect((await participants.json()).messageId).toBe('FORBIDDEN_SCOPE');

    // The list says when the key was last used.
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(name) })).not.toContainText('Belum pernah');
    await screenshot(page, 'integrations-1280');

    await page.getByRole('button', { name: `Cabut ${name}` }).click();
    await page.getByRole('button', { name: 'Ya, cabut' }).click();
    await expect(page.getByText(name)).toHaveCount(0);
    const refused = await request.get(`/v1/events/lists?filters=${filters}`, { headers: asKey });
    expect(refused.status()).toBe(401);

    // The create dialog on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: /Buat kunci API/ }).click();
    await expect(dialog.getByRole('checkbox', { name: /webhooks\.manage/ })).toBeVisible();
    await screenshot(page, 'integrations-create-375');
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await expect(dialog).toBeHidden();
  });
});
