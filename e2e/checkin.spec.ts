import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { decide, payload, registerPublic, submit } from './event-api';
import { apiToken, screenshot, signedIn } from './helpers';
import { writeQrVideo } from './qr-video';

/**
 * Check-in at the door: a staff member's phone (375 px) scans real tickets with Chromium's fake
 * camera playing a generated video of each ticket's QR code. A first scan checks in and its
 * result stays while the ticket is held up; scanned again a moment later on the same phone it
 * reads "sudah masuk", calmly, and on another phone it is a duplicate with who and when. Offline,
 * a scan is checked against the offline pack and queued, the search looks through the pack, and
 * back online the scans are synced and the result follows.
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
  const dir = mkdtempSync(path.join(tmpdir(), 'eo-qr-'));
  const video = path.join(dir, 'ticket.y4m');
  writeQrVideo(video, code);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  // The video (2 MB) goes with the browser that films it.
  browser.on('disconnected', () => rmSync(dir, { recursive: true, force: true }));
  return browser;
}

async function staffAtTheDoor(browser: Browser, eventId: string) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL, viewport: PHONE, locale: 'id-ID', timezoneId: 'Asia/Jakarta', permissions: ['camera'],
  });
  const page = await context.newPage();
  await signedIn(page, STAFF);
  await page.goto(`/event/active/overview/${eventId}`);
  await page.getByRole('link', { name: 'Check-in' }).or(page.getByRole('button', { name: 'Check-in' })).first().click();
  await expect(page).toHaveURL(new RegExp(`/event/${eventId}/checkin$`));
  await expect(page.getByRole('heading', { name: 'Check-in', exact: true })).toBeVisible();
  return { context, page };
}

test.describe('check-in at the door', () => {
  test('staff scans a ticket: checked in and it stays, calm when shown again here; offline scans and search; synced when back online', async ({ request }) => {
    test.setTimeout(180_000);
    const { eventId, codes } = await ticketsOfNewEvent(request, ['Dewi Lestari', 'Bima Sakti']);

    const first = await phoneFilming(codes[0]!);
    try {
      const { page } = await staffAtTheDoor(first, eventId);
      await expect(page.getByText('Sudah check-in 0 / 2').first()).toBeVisible();
      await page.getByRole('button', { name: 'Mulai pindai' }).click();
      const result = page.getByRole('status').filter({ hasText: /check-in|Kode|Tiket|masuk/ });
      await expect(result).toContainText('Berhasil check-in', { timeout: 20_000 });
      await expect(result).toContainText('Dewi Lestari');
      // The ticket stays in front of the camera well past the old 2 s re-scan: the person's
      // success stays on screen, green, the whole time.
      for (const until = Date.now() + 3500; Date.now() < until;) {
        await expect(result).toContainText('Berhasil check-in', { timeout: 200 });
        await expect(result).toContainText('Dewi Lestari', { timeout: 200 });
        await page.waitForTimeout(200);
      }
      await expect(page.getByText('Sudah check-in 1 / 2').first()).toBeVisible();
      await page.getByRole('button', { name: 'Hentikan pindai' }).click();
      await screenshot(page, 'checkin-success-375');
      // Scanned again a moment later on this phone: already in, calmly, with the time.
      await page.getByRole('button', { name: 'Mulai pindai' }).click();
      await expect(result).toContainText(/Sudah masuk pukul \d\d:\d\d WIB/, { timeout: 20_000 });
      await expect(result).toContainText('Dewi Lestari');
      await expect(result).toContainText('Di-check-in lewat perangkat ini');
      await expect(result).not.toContainText('Berhasil');
      await page.getByRole('button', { name: 'Hentikan pindai' }).click();
      await screenshot(page, 'checkin-again-375');
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
      // The search looks through the offline pack: names with their state, no buttons that need the network.
      await page.getByLabel('Cari peserta').fill('dewi');
      await expect(page.getByText(/^Offline: mencari nama di data offline/)).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'Dewi Lestari' }).filter({ hasText: 'Sudah check-in' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^(Check-in|Batalkan check-in)$/ })).toHaveCount(0);
      await screenshot(page, 'checkin-offline-375');
      await context.setOffline(false);
      await expect(page.getByText('Online', { exact: true })).toBeVisible();
      await expect(page.getByText(/Menunggu sinkron/)).toHaveCount(0, { timeout: 15_000 });
      await expect(page.getByText('Sudah check-in 2 / 2').first()).toBeVisible({ timeout: 15_000 });
      // The card follows the sync: Bima's check-in stands, no longer waiting.
      await expect(result).toContainText('Bima Sakti');
      await expect(result).toContainText('Berhasil check-in');
      await expect(result).not.toContainText('menunggu sinkron');
      // Online again, the search offers the server's answers with their buttons.
      await expect(page.getByRole('button', { name: 'Batalkan check-in' })).toBeVisible({ timeout: 15_000 });
      // Dewi's ticket, checked in on the other phone: the warning, with who and when.
      await page.getByLabel('Kode tiket').fill(codes[0]!);
      await page.getByRole('button', { name: 'Periksa' }).click();
      await expect(result).toContainText('Sudah check-in');
      await expect(result).toContainText(/Pukul \d\d:\d\d WIB oleh \S/);
      await expect(result).not.toContainText('Sudah masuk');
      await screenshot(page, 'checkin-duplicate-375');
    } finally {
      await second.close();
    }

    // The server agrees: both checked in, once each.
    const token = await apiToken(request);
    const summary = await request.get(`/v1/events/${eventId}/checkins/summary`, { headers: { authorization: `Bearer ${token}` } });
    expect((await summary.json()).data.result).toMatchObject({ registered: 2, checkedIn: 2 });
  });
});
