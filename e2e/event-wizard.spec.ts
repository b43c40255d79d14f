import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiToken, screenshot, signIn } from './helpers';
import { expectStep, radio, fillDetails, fillGeneral, fillOnline, next, pickDate, pickerDay, pickTime, pngFile, upload } from './wizard-helpers';

interface TicketSpec { name: string; quota?: number; price?: number; question?: { text: string; options: string[] } }

/** Adds a participant category through its modal; Simpan stays disabled until the ticket is valid. */
async function addTicket(page: Page, t: TicketSpec) {
  await page.getByRole('button', { name: 'Tambah Kategori Peserta' }).click();
  const modal = page.getByRole('dialog', { name: 'Tambah Kategori Peserta' });
  const save = modal.getByRole('button', { name: 'Simpan' });
  await expect(save).toBeDisabled();
  await modal.getByLabel('Nama Kategori').fill(t.name);
  if (t.quota !== undefined) {
    await modal.getByRole('radio', { name: 'Terbatas', exact: true }).check();
    await modal.getByLabel('Jumlah Tiket').fill(String(t.quota));
  }
  await pickDate(page, modal.getByLabel('Tanggal Event 1'), pickerDay(30));
  await pickTime(page, modal.getByLabel('Jam Mulai', { exact: true }), '09:00');
  await pickTime(page, modal.getByLabel('Jam Selesai', { exact: true }), '12:00');
  await pickDate(page, modal.getByLabel('Tanggal Batas Pendaftaran'), pickerDay(20));
  await pickTime(page, modal.getByLabel('Jam Batas Pendaftaran'), '23:00');
  if (t.price !== undefined) {
    await modal.getByRole('radio', { name: 'Berbayar', exact: true }).check();
    await modal.getByLabel('Harga Tiket').fill(String(t.price));
  }
  if (t.question) {
    await modal.getByRole('button', { name: 'Tambah Pertanyaan' }).click();
    await modal.getByLabel('Pertanyaan 1').fill(t.question.text);
    await modal.getByLabel('Tipe Jawaban').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Pilihan Ganda', { exact: true }).click();
    for (const [i, option] of t.question.options.entries()) {
      if (i >= 1) await modal.getByRole('button', { name: 'Tambah Pilihan' }).click();
      await modal.getByLabel(`Pilihan ${i + 1}`).fill(option);
    }
    await modal.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview Pertanyaan' });
    await expect(preview.getByText(t.question.text)).toBeVisible();
    await expect(preview.getByRole('radio', { name: t.question.options[0] })).toBeVisible();
    await screenshot(page, 'wizard-question-preview-1280');
    await preview.getByRole('button', { name: 'Tutup' }).click();
  }
  await expect(save).toBeEnabled();
  await screenshot(page, `wizard-ticket-modal-${t.name.replace(/\W+/g, '-').toLowerCase()}-1280`);
  await save.click();
  await expect(modal).toBeHidden();
}

test.describe('event wizard', () => {
  // Each test drives up to six steps with uploads and pickers: about 50 s on two busy cores, too close to the 60 s default.
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
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
  });

  test('a draft is saved, reopened from /event/draft, renamed and submitted', async ({ page }) => {
    const name = `Draf Wizard ${Date.now()}`;
    await page.goto('/event/create');
    await fillGeneral(page, name, await pngFile('poster.png', 400, 500));
    await next(page);
    await radio(page, 'Gratis');
    await radio(page, 'Ya');
    await radio(page, 'Link pendaftaran eksternal');
    await page.getByLabel('Link Pendaftaran', { exact: true }).fill('https://forms.example.org/debat');
    await addTicket(page, { name: 'Peserta' });
    await next(page);
    await fillOnline(page);
    await next(page);
    await fillDetails(page);
    await next(page);
    await radio(page, 'Tidak');
    await next(page);
    await page.getByRole('button', { name: 'SAVE AS DRAFT' }).click();
    await expect(page.getByText('Save as Draft Success!')).toBeVisible();
    await expect(page.getByText('Redirecting to draft page...')).toBeVisible();
    await expect(page).toHaveURL(/\/event\/draft$/, { timeout: 5000 });

    await page.getByLabel('Cari nama event').fill(name);
    // The search settles into the address first: a click before it would race its navigation.
    await expect(page).toHaveURL(/[?&]name=/);
    await page.getByRole('row', { name: new RegExp(name) }).getByRole('link', { name: 'Edit Event' }).click();
    await expect(page.getByRole('navigation', { name: 'breadcrumb' }).getByText('Edit Event')).toBeVisible();
    await expect(page.getByLabel('Nama Event')).toHaveValue(name);
    const renamed = `${name} (final)`;
    await page.getByLabel('Nama Event').fill(renamed);
    await page.getByRole('button', { name: /Review/ }).click();
    await expectStep(page, 'Review');
    await expect(page.getByText(renamed)).toBeVisible();
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect(page.getByText('Upload Event Success!')).toBeVisible();
    await expect(page).toHaveURL(/\/event$/, { timeout: 5000 });
    await page.getByLabel('Cari nama event').fill(renamed);
    await expect(page.getByRole('cell', { name: renamed })).toBeVisible();
  });

  test('editing a published event shows the locked fields disabled with the reason', async ({ page, request }) => {
    const token = await apiToken(request);
    const event = (await apiGet(request, '/v1/events/lists?limit=1', token)).data.docs[0];
    await page.goto(`/event/edit/${event.id}`);
    await expect(page.getByLabel('Nama Event')).toHaveValue(event.name);
    await expect(page.getByRole('navigation', { name: 'breadcrumb' }).getByText(event.name.slice(0, 50))).toBeVisible();
    await expect(page.getByLabel('Kategori Event')).toBeDisabled();
    await expect(page.getByText('Category cannot be changed after the event is submitted')).toBeVisible();
    await expect(page.getByLabel('Email Penyelenggara', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'SAVE AS DRAFT' })).toHaveCount(0);
    await screenshot(page, 'wizard-edit-locked-1280');
    await page.getByRole('button', { name: /Registration & Deadline/ }).click();
    await expect(page.getByText('Registration method cannot be changed after the event is submitted').first()).toBeVisible();
    await page.getByRole('button', { name: /Event Details/ }).click();
    await expect(page.getByText('Eligibility cannot be changed after the event is submitted')).toBeVisible();
  });

  test('a published event with tickets and questions is edited and saved through the wizard', async ({ page, request }) => {
    const token = await apiToken(request);
    const name = 'Lomba Debat Bahasa Indonesia Tingkat SMA se-Jawa 2026';
    const event = (await apiGet(request, `/v1/events/lists?filters=${encodeURIComponent(JSON.stringify({ name }))}`, token)).data.docs[0];
    const before = (await apiGet(request, `/v1/events/detail?id=${event.id}`, token)).data.result;
    await page.goto(`/event/edit/${event.id}`);
    await expect(page.getByLabel('Nama Event')).toHaveValue(name);
    await page.getByLabel('Nama Penyelenggara').fill('Panitia Debat Jawa');
    await page.getByRole('button', { name: /Registration & Deadline/ }).click();
    // A stored category keeps its dates: shown, but not editable.
    await page.getByRole('button', { name: `Edit ${before.tickets[0].name}` }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Kategori Peserta' });
    await expect(modal.getByLabel('Tanggal Event 1')).toBeDisabled();
    await screenshot(page, 'wizard-edit-ticket-locked-1280');
    await modal.getByRole('button', { name: 'Batal' }).click();
    await page.getByRole('button', { name: /Review/ }).click();
    await expectStep(page, 'Review');
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    // The organizer block of an approved event changed: told first that it goes back to review.
    const reReview = page.getByRole('dialog', { name: 'Event akan direview ulang' });
    await expect(reReview.getByText(/Kamu mengubah: Event organizer\./)).toBeVisible();
    await screenshot(page, 'wizard-edit-re-review-1280');
    await reReview.getByRole('button', { name: 'SIMPAN & AJUKAN REVIEW' }).click();
    await expect(page.getByText('Edit Event Success!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/event/active/overview/${event.id}$`), { timeout: 5000 });
    const after = (await apiGet(request, `/v1/events/detail?id=${event.id}`, token)).data.result;
    expect(after.eventOrganizer.name).toBe('Panitia Debat Jawa');
    expect([before.approvedStatus, after.approvedStatus]).toEqual(['approved', 'pending']);
    // Everything else went back as it was loaded.
    expect(after.tickets.map((t: { id: string }) => t.id)).toEqual(before.tickets.map((t: { id: string }) => t.id));
    expect(after.tickets[0].dates).toEqual(before.tickets[0].dates);
    expect(after.subTypes).toEqual(before.subTypes);
    expect(after.eligibilities).toEqual(before.eligibilities);
  });

  test('each step shows its own messages when NEXT is pressed with empty fields', async ({ page }) => {
    await page.goto('/event/create');
    await next(page);
    for (const m of ['Missing event image', 'Missing event name', 'Missing event category', 'EO name is required', 'EO email is required', 'Missing matching email', 'Missing contact detail']) {
      await expect(page.getByText(m, { exact: true })).toBeVisible();
    }
    await screenshot(page, 'wizard-1-general-errors-1280');
    await fillGeneral(page, 'Pesan Per Langkah', await pngFile('poster.png', 400, 500));
    await next(page);

    await expectStep(page, 'Registration & Deadline');
    await next(page);
    await expect(page.getByText('Missing event type', { exact: true })).toBeVisible();
    await expect(page.getByText('Missing allow registration answer', { exact: true })).toBeVisible();
    // Cancelling the paid-event agreement leaves the event free.
    await page.getByRole('radio', { name: 'Berbayar', exact: true }).click();
    await page.getByRole('dialog', { name: 'Event Berbayar' }).getByRole('button', { name: 'Batal' }).click();
    await expect(page.getByRole('radio', { name: 'Gratis', exact: true })).toBeChecked();
    await radio(page, 'Ya');
    await next(page);
    await expect(page.getByText('Missing registration method', { exact: true })).toBeVisible();
    await radio(page, 'Pendaftaran di platform kami');
    await next(page);
    await expect(page.getByText('At least 1 ticket must be made', { exact: true })).toBeVisible();
    await screenshot(page, 'wizard-2-registration-errors-1280');
    await addTicket(page, { name: 'Umum', quota: 10 });
    // A new registration method starts the participant categories afresh (spec section 4).
    await radio(page, 'Link pendaftaran eksternal');
    await expect(page.getByText('Belum ada kategori peserta')).toBeVisible();
    await radio(page, 'Pendaftaran di platform kami');
    await addTicket(page, { name: 'Umum', quota: 10 });
    await next(page);

    await expectStep(page, 'Location');
    await next(page);
    await expect(page.getByText('Missing event location type', { exact: true })).toBeVisible();
    await radio(page, 'Offline');
    await next(page);
    await expect(page.getByText('Missing event location', { exact: true })).toBeVisible();
    await radio(page, 'Online');
    await next(page);
    await expect(page.getByText('Missing streaming answer', { exact: true })).toBeVisible();
    await fillOnline(page);
    await next(page);

    await expectStep(page, 'Event Details');
    await next(page);
    for (const m of ['Missing event description', 'Missing event benefit', 'Missing eligibility', 'You have to agree to the terms and conditions']) {
      await expect(page.getByText(m, { exact: true })).toBeVisible();
    }
    await screenshot(page, 'wizard-4-details-errors-1280');
    await fillDetails(page);
    await next(page);

    await expectStep(page, 'Twibbon');
    await radio(page, 'Ya');
    await next(page);
    for (const m of ['Twibbon template is required', 'Custom key is required', 'Caption twibbon is required', 'Twibbon Guideline is required']) {
      await expect(page.getByText(m, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Custom Key').fill('bukan key!');
    await expect(page.getByText('Only allow alphanumeric, (-), (_)', { exact: true })).toBeVisible();
    await screenshot(page, 'wizard-5-twibbon-errors-1280');
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
    await page.goto('/login');
    await signIn(page);
    await page.goto('/event/create');
    const dialog = page.getByRole('dialog', { name: 'Upload event lewat aplikasi' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'GO TO APP' })).toHaveAttribute('href', /^https:\/\/play\.google\.com\//);
    await screenshot(page, 'wizard-mobile-375');
    await dialog.getByRole('button', { name: 'BATAL' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
