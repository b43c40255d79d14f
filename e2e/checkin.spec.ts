import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { decide, payload, registerPublic, submit } from './event-api';
import { apiToken, screenshot, signIn } from './helpers';
import { writeQrVideo } from './qr-video';

/**
 * Check-in at the door: a staff member's phone (375 px) scans real tickets with Chromium's fake
 * camera playing a generated video of each ticket's QR code. A first scan checks in, the same
 * code again is a duplicate; offline, a scan is checked against the offline pack and queued, and
 * back online it is synced.
 */
const STAFF = 'staff@demo.id';
const PHONE = { width: 375, height: 812 };

async function ticketsOfNewEvent(request: APIRequestContext, names: string[]) {
  const token = await apiToken(request);
  const event = await submit(request, token, payload(`Seminar Pintu Masuk ${Date.now()}`, { questions: [] }));
  await decide(request, event.id, { approvedStatus: 'approved' });
  const codes: string[] = [];
  for (const [i, name] of names.entries()) {
    const res = await registerPublic(request, event.id, {
      ticketId: event.tickets[0]!.id,
      participant: { name, email: `pintu-${Date.now()}-${i}@contoh.id`, phoneNumber: '+6281234567890', lastEducation: 'SMA/SMK', gender: 'Perempuan' },
    });
    expect(res.status(), await res.text()).toBe(201);
    codes.push((await res.json()).data.result.ticketCode);
  }
  return { eventId: event.id, codes };
}

/** A browser whose camera films this ticket's QR code. */
async function phoneFilming(code: string): Promise<Browser> {
  const video = path.join(mkdtempSync(path.join(tmpdir(), 'eo-qr-')), 'ticket.y4m');
  writeQrVideo(video, code);
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
      '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}

async function staffAtTheDoor(browser: Browser, eventId: string) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL, viewport: PHONE, locale: 'id-ID', timezoneId: 'Asia/Jakarta', permissions: ['camera'],
  });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, STAFF);
  await page.goto(`/event/active/overview/${eventId}`);
  await page.getByRole('link', { name: 'Check-in' }).or(page.getByRole('button', { name: 'Check-in' })).first().click();
  await expect(page).toHaveURL(new RegExp(`/event/${eventId}/checkin$`));
  await expect(page.getByRole('heading', { name: 'Check-in', exact: true })).toBeVisible();
  return { context, page };
}

test.describe('check-in at the door', () => {
  test('staff scans a ticket: checked in, then the same code is a duplicate; offline scans sync when back online', async ({ request }) => {
    test.setTimeout(180_000);
    const { eventId, codes } = await ticketsOfNewEvent(request, ['Dewi Lestari', 'Bima Sakti']);

    const first = await phoneFilming(codes[0]!);
    try {
      const { page } = await staffAtTheDoor(first, eventId);
      await expect(page.getByText('Sudah check-in 0 / 2').first()).toBeVisible();
      await page.getByRole('button', { name: 'Mulai pindai' }).click();
      const result = page.getByRole('status').filter({ hasText: /check-in|Kode|Tiket/ });
      await expect(result).toContainText('Berhasil check-in', { timeout: 20_000 });
      await expect(result).toContainText('Dewi Lestari');
      await expect(page.getByText('Sudah check-in 1 / 2').first()).toBeVisible();
      await screenshot(page, 'checkin-success-375');
      // The code is still in front of the camera: a few seconds on, it reads as a duplicate.
      await expect(result).toContainText('Sudah check-in', { timeout: 20_000 });
      await expect(result).not.toContainText('Berhasil');
      await screenshot(page, 'checkin-duplicate-375');
      await page.getByRole('button', { name: 'Hentikan pindai' }).click();
      await expect(page.getByRole('heading', { name: 'Check-in terakhir' })).toBeVisible();
    } finally {
      await first.close();
    }

    const second = await phoneFilming(codes[1]!);
    try {
      const { context, page } = await staffAtTheDoor(second, eventId);
      await expect(page.getByText('Sudah check-in 1 / 2').first()).toBeVisible();
      await expect(page.getByText('Online', { exact: true })).toBeVisible();
      // The decoder came with the screen: from here on the network may go.
      await expect(page.getByText('Pemindai siap, juga saat offline')).toBeVisible({ timeout: 30_000 });
      await context.setOffline(true);
      await expect(page.getByText('Offline', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Mulai pindai' }).click();
      const result = page.getByRole('status').filter({ hasText: /check-in|Kode|Tiket/ });
      await expect(result).toContainText('Berhasil check-in', { timeout: 20_000 });
      await expect(result).toContainText('Bima Sakti');
      await expect(result).toContainText('offline, menunggu sinkron');
      await expect(page.getByText('Menunggu sinkron: 1')).toBeVisible();
      await page.getByRole('button', { name: 'Hentikan pindai' }).click();
      await screenshot(page, 'checkin-offline-375');
      await context.setOffline(false);
      await expect(page.getByText('Online', { exact: true })).toBeVisible();
      await expect(page.getByText(/Menunggu sinkron/)).toHaveCount(0, { timeout: 15_000 });
      await expect(page.getByText('Sudah check-in 2 / 2').first()).toBeVisible({ timeout: 15_000 });
    } finally {
      await second.close();
    }

    // The server agrees: both checked in, once each.
    const token = await apiToken(request);
    const summary = await request.get(`/v1/events/${eventId}/checkins/summary`, { headers: { authorization: `Bearer ${token}` } });
    expect((await summary.json()).data.result).toMatchObject({ registered: 2, checkedIn: 2 });
  });
});
