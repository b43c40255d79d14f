import { expect, test, type Page } from '@playwright/test';
import type { CloudApiServer } from '../apps/api/test/cloud-api-server';
import { decide, payload, submit } from './event-api';
import { apiToken, mailedTexts, screenshot, signedIn } from './helpers';
import { startE2eCloudApi } from './whatsapp-api';

/**
 * WhatsApp beside the mails: a participant ticks "Kirim tiket lewat WhatsApp" on the event page,
 * others register through the platform intake with it; the e-tickets go to a local server that
 * speaks the Cloud API's protocol (one refused there for its template), which then calls the
 * app's webhook with signed status callbacks; the organizer's Pesan screen shows each kind's
 * messages sent, delivered, read and failed.
 */
let cloud: CloudApiServer;
test.beforeAll(async () => {
  cloud = await startE2eCloudApi();
});
test.afterAll(async () => {
  await cloud?.close();
});

async function fillParticipant(page: Page, name: string, email: string, phone: string) {
  await page.getByLabel('Nama lengkap').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Nomor HP (WhatsApp)').fill(phone);
  await page.getByLabel('Pendidikan terakhir').selectOption('S1');
  await page.getByRole('radio', { name: 'Perempuan' }).check();
}

test('WhatsApp: the box on the event page, e-tickets through the Cloud API, statuses from its webhook in the message history', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const prefix = `62812${String(stamp).slice(-5)}`;
  const event = await submit(request, await apiToken(request), payload(`Webinar WhatsApp ${stamp}`, { questions: [] }));
  await decide(request, event.id, { approvedStatus: 'approved' });

  // Through the page's own form, the box ticked (it starts unticked).
  await page.goto(`/e/${event.id}`);
  await fillParticipant(page, 'Sari Dewi', `sari-${stamp}@contoh.id`, `0${prefix.slice(2)}1`);
  const box = page.getByRole('checkbox', { name: 'Kirim tiket lewat WhatsApp' });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole('button', { name: 'Daftar sekarang' }).click();
  await expect(page).toHaveURL(/\/ticket\//, { timeout: 60_000 });

  // Three more through the platform intake; the API refuses the last one's template.
  cloud.refuse(`${prefix}4`, { status: 400, code: 132001, message: 'Template name does not exist in the translation' });
  for (const i of [2, 3, 4]) {
    const res = await request.post(`/v1/platform/events/${event.id}/registrations`, {
      headers: { 'x-platform-key': 'demo-platform-key' },
      data: { ticketId: event.tickets[0]!.id, participant: { name: `Peserta ${i}`, email: `wa${i}-${stamp}@contoh.id`, phoneNumber: `+${prefix}${i}` }, whatsappOptIn: true },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const mine = () => cloud.sent.filter((m) => m.to.startsWith(prefix));
  await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(3);
  const first = mine().find((m) => m.to === `${prefix}1`)!;
  expect(first.template).toBe('eo_eticket');
  expect(first.params[0]).toBe('Sari Dewi');
  expect(first.params[2]).toMatch(new RegExp(`/e/${event.id}/ticket/`));
  // The mail went too.
  expect(mailedTexts(`sari-${stamp}@contoh.id`).length).toBeGreaterThan(0);

  // Meta's callbacks: the first read, the second delivered, signed with the app secret.
  const second = mine().find((m) => m.to === `${prefix}2`)!;
  const webhook = `${baseURL}/v1/whatsapp/webhook`;
  const answer = await cloud.callback(webhook, [
    { wamid: first.wamid, status: 'delivered', recipient: first.to }, { wamid: first.wamid, status: 'read', recipient: first.to },
    { wamid: second.wamid, status: 'delivered', recipient: second.to },
  ]);
  expect(answer.status).toBe(200);

  await signedIn(page);
  await page.goto(`/event/${event.id}/messages`);
  const card = page.getByRole('region', { name: 'WhatsApp' });
  const row = card.getByRole('row', { name: /E-tiket/ });
  await expect(row.getByRole('cell')).toHaveText(['3', '2', '1', '1'], { timeout: 20_000 });
  // Beside the mail history (no announcement yet): shot once every card has loaded.
  await expect(page.getByText('Belum ada pesan', { exact: true })).toBeVisible();
  await screenshot(page, 'messages-whatsapp-1280');
});
