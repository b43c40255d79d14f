import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { decide, payload, registerPublic, submit } from './event-api';
import { apiToken, fixtureDir, mailedTexts, screenshot, signedIn } from './helpers';

/**
 * Online attendance feeding certificates: a staff member opens the Kode Presensi of an
 * online event on a phone; a participant sends it from the e-ticket page (first a wrong one);
 * the committee sees them attend. Then the organizer publishes a certificate of a concluded event
 * to "Peserta yang hadir": counted first, and mailed to the checked-in only.
 */
const STAFF = 'staff@demo.id';
const PHONE = { width: 375, height: 812 };
/**
 * A concluded event of the demo data's second organizer (the first one's certificate list stays
 * empty for certificates.spec.ts).
 */
const EVENT = 'Bootcamp Data Science Akhir Pekan';
const ORGANIZER2 = 'organizer2@demo.id';

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  return context.newPage();
}

async function pick(page: Page, label: string, option: string, type?: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.click();
  if (type) await box.fill(type);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test('online attendance: Kode Presensi set on a phone, sent from the e-ticket, seen by the committee', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const name = `Webinar Presensi ${stamp}`;
  const event = await submit(request, await apiToken(request), payload(name, { questions: [] }));
  await decide(request, event.id, { approvedStatus: 'approved' });
  const people = [['Rina Hadir', `rina-${stamp}@contoh.id`], ['Tono Absen', `tono-${stamp}@contoh.id`]] as const;
  const codes: string[] = [];
  for (const [person, email] of people) {
    const res = await registerPublic(request, event.id, { ticketId: event.tickets[0]!.id, participant: { name: person, email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' } });
    expect(res.status(), await res.text()).toBe(201);
    codes.push((await res.json()).data.result.ticketCode);
  }

  // The committee's phone: a new code for the session, shown large.
  const staff = await phonePage(browser);
  await signedIn(staff, STAFF);
  await staff.goto(`/event/${event.id}/checkin`);
  await expect(staff.getByRole('heading', { name: 'Kode Presensi' })).toBeVisible();
  await staff.getByRole('button', { name: 'Buat kode presensi' }).click();
  await staff.getByLabel('Kode', { exact: true }).fill('webinar26');
  await staff.getByRole('button', { name: 'Simpan kode' }).click();
  await expect(staff.locator('.checkin-attendance-code')).toHaveText('WEBINAR26');
  await expect(staff.getByText('Hadir lewat presensi: 0')).toBeVisible();
  await screenshot(staff, 'attendance-code-375');

  // The participant's phone: the e-ticket page takes the code; a wrong one says how many tries are left.
  const participant = await phonePage(browser);
  await participant.goto(`/e/${event.id}/ticket/${codes[0]}`);
  await expect(participant.getByRole('heading', { name: 'Presensi', exact: true })).toBeVisible();
  await participant.getByLabel('Kode presensi').fill('SALAH1');
  await participant.getByRole('button', { name: 'Kirim presensi' }).click();
  await expect(participant.getByRole('alert')).toHaveText('Kode presensi salah. Sisa percobaan: 4');
  await screenshot(participant, 'ticket-attendance-wrong-375');
  await participant.getByLabel('Kode presensi').fill('webinar 26');
  await participant.getByRole('button', { name: 'Kirim presensi' }).click();
  await expect(participant.getByRole('status')).toContainText('Presensi berhasil');
  await expect(participant.getByRole('status')).toContainText('Tercatat hadir');
  await screenshot(participant, 'ticket-attended-375');
  // Opened again later, the page says so instead of asking.
  await participant.reload();
  await expect(participant.getByText(/^Tercatat hadir .* WIB$/)).toBeVisible();
  await expect(participant.getByLabel('Kode presensi')).toHaveCount(0);

  // The committee sees it without reloading.
  await expect(staff.getByText('Hadir lewat presensi: 1')).toBeVisible({ timeout: 20_000 });
  await expect(staff.getByText('Sudah check-in 1 / 2').first()).toBeVisible({ timeout: 20_000 });
  await staff.context().close();
  await participant.context().close();
});

test('certificates to "Peserta yang hadir": counted before publishing, mailed to the checked-in only', async ({ page, request }) => {
  test.setTimeout(150_000);
  // A concluded event (the certificate form lists those): two of its registrants were checked in at the door.
  const token = await apiToken(request, ORGANIZER2);
  const auth = { authorization: `Bearer ${token}` };
  const list = await request.get(`/v1/events/lists?showConcludedEvent=true&limit=10&page=1&name=${encodeURIComponent(EVENT)}`, { headers: auth });
  const eventId = ((await list.json()).data.docs as { id: string; name: string }[]).find((e) => e.name === EVENT)!.id;
  // Its first three registrants from the participant list (the door search matches an email from its start only).
  const listed = await request.get(`/v1/event-regist/lists?eventId=${eventId}&page=1&limit=10&sortBy=asc&sortParam=createdAt`, { headers: auth });
  const [came, also, absent] = ((await listed.json()).data.docs as { id: string; email: string; checkedInAt: string | null }[])
    .map((r) => ({ registrantId: r.id, email: r.email, checkedInAt: r.checkedInAt }));
  for (const who of [came!, also!]) {
    const res = await request.post(`/v1/events/${eventId}/checkins`, { headers: auth, data: { registrantId: who.registrantId } });
    expect([201, 409]).toContain(res.status());
  }

  const dir = fixtureDir('eo-e2e-hadir-');
  const template = path.join(dir, 'template.png');
  writeFileSync(template, await sharp({ create: { width: 2000, height: 1414, channels: 3, background: '#fdf6e3' } }).png().toBuffer());
  await signedIn(page, ORGANIZER2);
  await page.goto('/certificate');
  await page.getByRole('button', { name: 'NEW CERTIFICATE' }).click();
  await page.getByLabel('Certificate Template').setInputFiles(template);
  await expect(page.getByRole('button', { name: 'CHANGE TEMPLATE' })).toBeVisible();
  await pick(page, 'Event', EVENT, 'Bootcamp');
  await pick(page, 'Recipient', 'Peserta yang hadir');
  await expect(page.getByText('2 peserta yang hadir', { exact: true })).toBeVisible();
  await expect(page.getByLabel('CSV Participant', { exact: true })).toHaveCount(0);
  await page.getByLabel('Certificate Number', { exact: true }).fill('HADIR-E2E');
  await screenshot(page, 'certificate-attendees-1280');
  await page.getByRole('button', { name: 'PUBLISH' }).click();
  await page.getByRole('dialog', { name: 'Are you sure to Publish Certificate?' }).getByRole('button', { name: 'PUBLISH' }).click();
  await expect(page).toHaveURL(/\/certificate$/);
  const row = page.getByRole('row', { name: new RegExp(EVENT) });
  await expect(row.getByText('Published', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText('2 terkirim', { exact: true })).toBeVisible();

  // Mailed to those checked in, not to one who was not.
  const certified = (email: string) => mailedTexts(email).some((t) => /\/verify\//.test(t));
  await expect.poll(() => certified(came!.email) && certified(also!.email), { timeout: 20_000 }).toBe(true);
  expect(absent!.checkedInAt === null && certified(absent!.email)).toBe(false);
});
