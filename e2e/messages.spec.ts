import { expect, test } from '@playwright/test';
import { decide, payload, registerPublic, submit } from './event-api';
import { apiToken, mailedTexts, screenshot, signedIn } from './helpers';

/**
 * Messages: the organizer writes to one ticket category of an event with a merge field, previews
 * it with a real participant's values, sends it, watches it go to the end, and opens it in the
 * history; each participant of that category got their own copy, the others none.
 */
test('Pesan: compose with a merge field, preview, send to a ticket category, watch it to the end, open the history', async ({ page, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const name = `Webinar Pesan ${stamp}`;
  const tickets = [{ name: 'Reguler', startHour: '09:00', endHour: '12:00' }, { name: 'VIP', startHour: '09:00', endHour: '12:00' }];
  const event = await submit(request, await apiToken(request), payload(name, { questions: [], tickets }));
  await decide(request, event.id, { approvedStatus: 'approved' });
  const vip = Array.from({ length: 24 }, (_, i) => [`Tamu VIP ${i + 1}`, `vip${i + 1}-${stamp}@contoh.id`] as const);
  const reguler = [['Peserta Reguler', `reguler-${stamp}@contoh.id`]] as const;
  for (const [ticket, people] of [[event.tickets[1]!, vip], [event.tickets[0]!, reguler]] as const) {
    for (const [person, email] of people) {
      const res = await registerPublic(request, event.id, { ticketId: ticket.id, participant: { name: person, email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' } });
      expect(res.status(), await res.text()).toBe(201);
    }
  }

  await signedIn(page);
  await page.goto(`/event/active/overview/${event.id}`);
  await page.getByRole('link', { name: 'Pesan' }).or(page.getByRole('button', { name: 'Pesan' })).first().click();
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}/messages$`));
  await expect(page.getByText('25 penerima')).toBeVisible();

  await page.getByLabel('Subjek').fill('Info ruang untuk ');
  await page.getByLabel('Sisipkan {nama}').click();
  await page.getByLabel('Isi pesan').fill('Halo, ruang webinar pindah.\n\nTautan baru: https://meet.example.org/vip');
  await page.getByRole('checkbox', { name: 'VIP' }).check();
  await expect(page.getByText('24 penerima')).toBeVisible();
  await screenshot(page, 'messages-compose-1280');

  await page.getByRole('button', { name: 'Pratinjau' }).click();
  const preview = page.getByRole('dialog');
  await expect(preview.getByText(/^Info ruang untuk Tamu VIP \d+$/)).toBeVisible();
  await expect(preview.getByText(/Dengan data peserta: Tamu VIP \d+/)).toBeVisible();
  await screenshot(page, 'messages-preview-1280');
  await preview.getByRole('button', { name: /OK|Tutup/ }).first().click();

  await page.getByRole('button', { name: 'Kirim pesan' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Kirim pesan ke 24 penerima?' });
  await confirm.getByRole('button', { name: 'Kirim pesan' }).click();

  // The history shows it going out, then done.
  const item = page.getByRole('listitem').filter({ hasText: /Info ruang untuk \{nama\}/ });
  await expect(item.getByRole('progressbar')).toBeVisible();
  await screenshot(page, 'messages-sending-375');
  await expect(item.getByText('Terkirim 24 · Gagal 0 · Ditolak server 0')).toBeVisible({ timeout: 60_000 });
  await expect(item.getByText('VIP')).toBeVisible();
  await item.getByRole('button', { name: 'Info ruang untuk {nama}' }).click();
  await expect(page.getByRole('dialog').getByText('Halo, ruang webinar pindah.')).toBeVisible();
  await screenshot(page, 'messages-history-1280');

  // Each VIP got their own copy, with their name; the Reguler participant none.
  const texts = mailedTexts(vip[3][1]);
  expect(texts.some((t) => t.startsWith('Halo, ruang webinar pindah.'))).toBe(true);
  expect(mailedTexts(reguler[0][1]).some((t) => t.includes('ruang webinar pindah'))).toBe(false);
});
