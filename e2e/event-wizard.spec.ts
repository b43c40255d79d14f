import { expect, test } from '@playwright/test';
import { apiGet, apiToken, screenshot, signedIn } from './helpers';
import { addTicket, expectStep, radio, fillDetails, fillGeneral, next, pickDate, pickerDay, pickTime, pngFile, upload } from './wizard-helpers';

/** The wizard from a blank form: a whole event, a reload, the poster's shape, the phone's notice (drafts and edits: event-wizard-edit.spec.ts). */
test.describe('event wizard', () => {
  // Each test drives up to six steps with uploads and pickers: about 50 s on two busy cores, too close to the 60 s default.
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await signedIn(page);
  });

  test('creates a paid event with two categories, a radio question and a twibbon, and finds it in /event', async ({ page, request }) => {
    const name = `Lomba Debat Wizard ${Date.now()}`;
    await page.goto('/event/create');
    await expect(page.getByRole('navigation', { name: 'breadcrumb' }).getByText('Create Event')).toBeVisible();
    await fillGeneral(page, name, await pngFile('poster.png', 800, 1000));
    await screenshot(page, 'wizard-1-general-1280');
    await next(page);

    await expectStep(page, 'Registration & Deadline');
    await page.getByRole('radio', { name: 'Berbayar', exact: true }).click();
    const agreement = page.getByRole('dialog', { name: 'Event Berbayar' });
    await expect(agreement).toBeVisible();
    await agreement.getByRole('button', { name: 'NEXT' }).click();
    await expect(page.getByRole('radio', { name: 'Berbayar', exact: true })).toBeChecked();
    await radio(page, 'Ya');
    await radio(page, 'Pendaftaran di platform kami');
    await addTicket(page, { name: 'Early Bird', quota: 50, price: 50000, question: { text: 'Asal sekolah?', options: ['SMA', 'SMK'] } });
    await addTicket(page, { name: 'Reguler', quota: 100, price: 75000 });
    await expect(page.getByText('Early Bird')).toBeVisible();
    await expect(page.getByText('Reguler')).toBeVisible();
    await screenshot(page, 'wizard-2-registration-1280');
    // One session inside the categories' day (09:00–12:00 WIB).
    await page.getByRole('button', { name: 'Tambah sesi' }).click();
    await page.getByLabel('Nama sesi 1', { exact: true }).fill('Babak penyisihan');
    await pickDate(page, page.getByLabel('Tanggal sesi 1'), pickerDay(30));
    await pickTime(page, page.getByLabel('Jam mulai sesi 1'), '09:30');
    await pickTime(page, page.getByLabel('Jam selesai sesi 1'), '11:00');
    await expect(page.getByRole('button', { name: 'Hapus sesi Babak penyisihan' })).toBeVisible();
    await screenshot(page, 'wizard-2-sessions-1280');
    await next(page);

    await expectStep(page, 'Location');
    await radio(page, 'Offline');
    await page.getByLabel('Cari lokasi').fill('bandung');
    await page.locator('.ant-select-dropdown:visible').getByText('Kota Bandung').first().click();
    await expect(page.getByLabel('Alamat Event')).toHaveValue(/Kota Bandung/);
    await expect(page.getByRole('link', { name: 'Lihat di peta' })).toHaveAttribute('href', /maps.*-6\.9/);
    await page.getByLabel('Catatan Lokasi').fill('Gedung Serbaguna lantai 2');
    await screenshot(page, 'wizard-3-location-1280');
    await next(page);

    await expectStep(page, 'Event Details');
    await fillDetails(page);
    await page.getByRole('checkbox', { name: 'Bergabung ke grup WhatsApp' }).check();
    await page.getByLabel('Link Grup WhatsApp').fill('https://chat.whatsapp.com/debat');
    await screenshot(page, 'wizard-4-details-1280');
    await next(page);

    await expectStep(page, 'Twibbon');
    await radio(page, 'Ya');
    await upload(page, 'Template Twibbon', await pngFile('twibbon.png', 600, 600));
    const key = `debat-${Date.now()}`;
    await page.getByLabel('Custom Key').fill(key);
    await page.getByLabel('Caption Twibbon').fill('Ayo ikut Lomba Debat! #DebatMuda');
    await page.getByRole('button', { name: 'Tambah panduan' }).click();
    await page.getByLabel('Panduan Twibbon 1', { exact: true }).fill('Unggah twibbon ke Instagram dan tag kami');
    await screenshot(page, 'wizard-5-twibbon-1280');
    await next(page);

    await expectStep(page, 'Review');
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText('Rp50.000,00')).toBeVisible();
    await expect(page.getByText(/Babak penyisihan/)).toBeVisible();
    await screenshot(page, 'wizard-6-review-1280');
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page.getByText('Upload Event Success!')).toBeVisible();
    await expect(page.getByText('Redirecting to event page...')).toBeVisible();
    await expect(page).toHaveURL(/\/event$/, { timeout: 5000 });
    await page.getByLabel('Cari nama event').fill(name);
    await expect(page.getByRole('cell', { name })).toBeVisible();

    // What the API stored is what was typed.
    const token = await apiToken(request);
    const list = (await apiGet(request, `/v1/events/lists?filters=${encodeURIComponent(JSON.stringify({ name }))}`, token)).data;
    const detail = (await apiGet(request, `/v1/events/detail?id=${list.docs[0].id}`, token)).data.result;
    expect(detail.tickets.map((t: { name: string; price: number }) => [t.name, t.price])).toEqual([['Early Bird', 50000], ['Reguler', 75000]]);
    expect(detail.tickets[0].registrationSteps[0]).toMatchObject({ name: 'Asal sekolah?', type: 'radio' });
    expect(detail.twibbon).toMatchObject({ customKey: key });
    expect(detail.eventCoordinateLat).toBeCloseTo(-6.92, 1);
    expect(detail.sessions).toEqual([{
      id: expect.any(String), name: 'Babak penyisihan',
      startsAt: new Date(`${pickerDay(30)}T09:30:00+07:00`).toISOString(), endsAt: new Date(`${pickerDay(30)}T11:00:00+07:00`).toISOString(),
    }]);
  });


  test('a reload keeps what was typed; leaving with changes asks first', async ({ page }) => {
    await page.goto('/event/create');
    await page.getByLabel('Nama Event').fill('Jangan Hilang');
    await page.reload();
    await expect(page.getByLabel('Nama Event')).toHaveValue('Jangan Hilang');
    await expect(page.getByText('Isian sebelumnya dipulihkan')).toBeVisible();
    await page.getByLabel('Nama Event').fill('Jangan Hilang Lagi');
    await page.getByRole('button', { name: 'CANCEL' }).click();
    const ask = page.getByRole('dialog', { name: 'Tinggalkan halaman ini?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Tetap di sini' }).click();
    await expect(page).toHaveURL(/\/event\/create$/);
    // The first dialog gone before asking again: the next question must be a new one.
    await expect(ask).toBeHidden();
    await page.getByRole('button', { name: 'CANCEL' }).click();
    await page.getByRole('dialog', { name: 'Tinggalkan halaman ini?' }).getByRole('button', { name: 'Tinggalkan' }).click();
    await expect(page).toHaveURL(/\/event$/);
    // Leaving on purpose discards the kept copy.
    await page.goto('/event/create');
    await expect(page.getByLabel('Nama Event')).toHaveValue('');
  });


  test('the poster must be 4:5 and a taken twibbon key is refused', async ({ page }) => {
    await page.goto('/event/create');
    await page.locator('input[type=file][aria-label="Poster Event"]').setInputFiles(await pngFile('square.png', 500, 500));
    await expect(page.getByRole('region', { name: 'General Info' }).getByRole('alert')).toHaveText('Dimensi poster harus 4:5');
    await page.getByRole('button', { name: 'Lihat contoh poster' }).click();
    await expect(page.getByRole('dialog', { name: 'Contoh Poster' })).toBeVisible();
  });
});

test.describe('event wizard on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('says uploading happens in the app: GO TO APP and BATAL', async ({ page }) => {
    await signedIn(page);
    await page.goto('/event/create');
    const dialog = page.getByRole('dialog', { name: 'Upload event lewat aplikasi' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'GO TO APP' })).toHaveAttribute('href', /^https:\/\/play\.google\.com\//);
    await screenshot(page, 'wizard-mobile-375');
    await dialog.getByRole('button', { name: 'BATAL' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
