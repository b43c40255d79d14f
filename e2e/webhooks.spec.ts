import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { freshOrganizer, PASSWORD, screenshot, signIn } from './helpers';

/**
 * An organizer connects their own system: on Integrasi they add a webhook pointing at a real
 * receiver on this machine (the e2e server allows loopback), keep the secret shown once, send
 * the test event and see it delivered in the endpoint's log; the receiver verifies the signature
 * with the secret copied from the screen.
 */
const PHONE = { width: 375, height: 812 };
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu utama' });

test('a webhook to a local receiver: added, secret shown once, test event delivered and signed', async ({ page, request }) => {
  test.slow();
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/kait`;
  try {
    const { email } = await freshOrganizer(request, 'EO Integrasi');
    await page.goto('/login');
    await signIn(page, email, PASSWORD);
    await menu(page).getByRole('menuitem', { name: /Integrasi$/ }).click();
    await expect(page).toHaveURL(/\/organization\/integrations$/);
    await expect(page.getByRole('heading', { name: 'Integrasi', level: 1 })).toBeVisible();
    await expect(page.getByText('Belum ada webhook.').first()).toBeVisible();
    await screenshot(page, 'integrations-empty-1280');

    await page.getByRole('button', { name: /Tambah webhook/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah webhook' });
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByRole('checkbox', { name: /Pendaftaran baru/ }).check();
    await dialog.getByRole('checkbox', { name: /Check-in/ }).check();
    await screenshot(page, 'webhook-add-1280');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Secret webhook' });
    const secret = await secretDialog.getByRole('textbox', { name: 'Secret webhook' }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await screenshot(page, 'webhook-secret-1280');
    await secretDialog.getByRole('button', { name: 'Selesai' }).click();

    const row = page.getByRole('row', { name: new RegExp(url.replace(/[.?/]/g, '\\$&')) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Pendaftaran baru')).toBeVisible();
    // The secret is never shown again.
    await expect(page.getByText(secret)).toHaveCount(0);
    await screenshot(page, 'integrations-webhooks-1280');

    await row.getByRole('button', { name: `Pengiriman ${url}` }).click();
    const drawer = page.getByRole('dialog', { name: `Pengiriman ke ${url}` });
    await expect(drawer.getByText('Belum ada pengiriman.').first()).toBeVisible();
    await drawer.getByRole('button', { name: /Kirim event uji/ }).click();
    // Refreshed while it waits: delivered, the receiver's 204, one try.
    const delivered = drawer.getByRole('row', { name: /Event uji/ });
    await expect(delivered.getByText('Terkirim')).toBeVisible({ timeout: 20_000 });
    await expect(delivered.getByText('204')).toBeVisible();
    await screenshot(page, 'webhook-deliveries-1280');
    expect(received).toHaveLength(1);
    expect(new Webhook(secret).verify(received[0]!.body, received[0]!.headers)).toMatchObject({ type: 'webhook.test' });
    await drawer.getByRole('button', { name: 'Tutup' }).click();

    // At the door's width: the list as cards, the log in a full-width drawer.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: `Pengiriman ${url}` }).click();
    const phoneDrawer = page.getByRole('dialog', { name: `Pengiriman ke ${url}` });
    await expect(phoneDrawer.getByText('Terkirim').first()).toBeVisible();
    await screenshot(page, 'webhook-deliveries-375');
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
