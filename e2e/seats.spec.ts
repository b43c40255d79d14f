import { expect, test, type Page } from '@playwright/test';
import { OFFER_TEXT, PENDING_TEXT, SEAT_MAIL_MSG, SEATS_PAGE_TEXT, TICKET_TEXT, WIZARD_TEXT, fill } from '@eo/contract';
import { apiToken, mailedLink, mailedTexts, screenshot, signedIn } from './helpers';
import { decide, payload, registerPublic, submit } from './event-api';

/**
 * Seats that manage themselves, as participants and the organizer meet them: a sold-out ticket's
 * waiting list, a cancellation from the e-ticket page, the offer that follows by mail and is
 * taken; an approval ticket whose applicants the organizer approves and declines, each mailed.
 */
const person = (name: string, email: string) => ({ name, email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' });

async function fillParticipant(page: Page, name: string, email: string) {
  await page.getByLabel('Nama lengkap').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Nomor HP (WhatsApp)').fill('+6281234567890');
  await page.getByLabel('Pendidikan terakhir').selectOption('S1');
  await page.getByRole('radio', { name: 'Perempuan' }).check();
}

test.describe('seats at 375 px', () => {
  test('a waiting list fills a cancelled seat; the organizer approves one applicant and declines another, both mailed', async ({ page, request }) => {
    test.slow();
    const stamp = Date.now();
    const token = await apiToken(request);
    const body = payload(`Kelas Kursi Terbatas ${stamp}`, { questions: [], tickets: [{ name: 'Kursi Terbatas', startHour: '09:00', endHour: '12:00' }, { name: 'Seleksi', startHour: '13:00', endHour: '15:00' }] });
    Object.assign(body.tickets[0]!, { originalQuota: 1, waitlist: true });
    Object.assign(body.tickets[1]!, { originalQuota: 10, requiresApproval: true });
    const event = await submit(request, token, body);
    await decide(request, event.id, { approvedStatus: 'approved' });
    const [limited, selective] = event.tickets;

    // Ayu takes the only seat.
    const ayu = `ayu-${stamp}@contoh.id`;
    const seat = await registerPublic(request, event.id, { ticketId: limited!.id, participant: person('Ayu Lestari', ayu) });
    expect(seat.status()).toBe(201);
    const ayuCode = (await seat.json()).data.result.ticketCode as string;

    // Bima finds it full and joins the waiting list with the same form.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/e/${event.id}`);
    await expect(page.locator(`#tiket-${limited!.id}`).getByText(SEATS_PAGE_TEXT.waitlistStatus)).toBeVisible();
    await expect(page.locator(`#tiket-${selective!.id}`).getByText(SEATS_PAGE_TEXT.approval)).toBeVisible();
    await screenshot(page, 'seats-event-page-375');
    await page.locator('#daftar').getByRole('radio', { name: /Kursi Terbatas/ }).check();
    const bima = `bima-${stamp}@contoh.id`;
    await fillParticipant(page, 'Bima Saputra', bima);
    await page.getByRole('button', { name: SEATS_PAGE_TEXT.joinWaitlist }).click();
    await expect(page.getByText(fill(SEATS_PAGE_TEXT.joined, { position: 1 }))).toBeVisible();
    await screenshot(page, 'seats-waitlist-joined-375');

    // Ayu cancels from her e-ticket page.
    await page.goto(`/e/${event.id}/ticket/${ayuCode}`);
    await page.getByText('Batalkan pendaftaran', { exact: true }).click();
    await page.getByLabel('Ketik email pendaftaranmu untuk konfirmasi').fill(ayu);
    await screenshot(page, 'seats-cancel-375');
    await page.getByRole('button', { name: 'Ya, batalkan pendaftaran' }).click();
    await expect(page.locator('dd.status')).toHaveText('Dibatalkan');
    await expect(page.getByRole('img', { name: /Kode QR/ })).toHaveCount(0);

    // Bima is offered the seat by mail, opens the link and takes it.
    await expect.poll(() => mailedTexts(bima).some((text) => text.includes('/tawaran/')), { timeout: 20_000 }).toBe(true);
    await page.goto(mailedLink(bima, `/e/${event.id}/tawaran/`));
    await expect(page.getByRole('button', { name: OFFER_TEXT.accept })).toBeVisible();
    await screenshot(page, 'seats-offer-375');
    await page.getByRole('button', { name: OFFER_TEXT.accept }).click();
    await expect(page).toHaveURL(/\/ticket\/[A-Za-z0-9_-]+\?baru=1$/);
    await expect(page.locator('dd.status')).toHaveText('Terdaftar');
    await expect(page.getByRole('img', { name: /Kode QR/ })).toBeVisible();

    // Two apply for the reviewed ticket.
    const citra = `citra-${stamp}@contoh.id`;
    const dewi = `dewi-${stamp}@contoh.id`;
    for (const [name, email] of [['Citra Ananda', citra], ['Dewi Kartika', dewi]] as const) {
      const res = await registerPublic(request, event.id, { ticketId: selective!.id, participant: person(name, email) });
      expect((await res.json()).data.result.status).toBe('pending');
    }

    // The organizer approves Citra and declines Dewi with a reason, on a phone.
    await signedIn(page);
    await page.goto(`/event/active/overview/${event.id}?tab=pending`);
    await expect(page.getByText('Citra Ananda').first()).toBeVisible();
    await screenshot(page, 'seats-pending-375');
    await page.getByRole('button', { name: fill(PENDING_TEXT.approveOne, { name: 'Citra Ananda' }) }).click();
    await expect(page.getByText('Citra Ananda')).toHaveCount(0);
    await page.getByRole('button', { name: fill(PENDING_TEXT.declineOne, { name: 'Dewi Kartika' }) }).click();
    await page.getByLabel(PENDING_TEXT.reason).fill('Kuota khusus mahasiswa semester akhir');
    await page.getByRole('dialog').getByRole('button', { name: PENDING_TEXT.decline }).click();
    await expect(page.getByText(PENDING_TEXT.empty)).toBeVisible();

    // Both mails arrive: Citra's e-ticket, Dewi's decline with the reason.
    const eventName = body.name;
    await expect.poll(() => mailedTexts(citra).some((text) => text.includes('Kode tiket:')), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => mailedTexts(dewi).find((text) => text.includes(fill(SEAT_MAIL_MSG.declined, { event: eventName, category: 'Seleksi' }))), { timeout: 20_000 })
      .toContain('Kuota khusus mahasiswa semester akhir');

    // The waiting list shows Bima's accepted place.
    await page.goto(`/event/active/overview/${event.id}?tab=waitlist`);
    await expect(page.getByText('Bima Saputra').first()).toBeVisible();
    await screenshot(page, 'seats-waitlist-tab-375');

    // In the wizard (on a computer: a phone is sent to the app): the tickets say their settings,
    // the event its cancellation deadline, and the ticket's modal the switches, as stored.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/event/edit/${event.id}`);
    await expect(page.getByLabel('Nama Event')).toHaveValue(body.name);
    await page.getByRole('button', { name: 'NEXT' }).click();
    await expect(page.getByText(WIZARD_TEXT.cancellationDeadline, { exact: true })).toBeVisible();
    await expect(page.getByText(TICKET_TEXT.waitlist, { exact: true }).first()).toBeVisible();
    await screenshot(page, 'seats-wizard-tickets-1280');
    await page.getByRole('button', { name: `${TICKET_TEXT.edit} Kursi Terbatas` }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByRole('switch', { name: TICKET_TEXT.waitlist })).toBeChecked();
    await expect(modal.getByRole('switch', { name: TICKET_TEXT.hidden })).not.toBeChecked();
    await modal.getByRole('switch', { name: TICKET_TEXT.hidden }).click();
    await modal.getByRole('button', { name: TICKET_TEXT.generateCode }).click();
    await expect(modal.getByText(new RegExp(`/e/${event.id}\\?kode=[A-Z0-9]{8}`))).toBeVisible();
    await screenshot(page, 'seats-wizard-ticket-modal-1280');
  });
});
