import { expect, test } from '@playwright/test';
import { apiGet, apiToken, screenshot, signedIn } from './helpers';
import { addTicket, expectStep, radio, fillDetails, fillGeneral, fillOnline, next, pngFile } from './wizard-helpers';

/** The wizard on drafts and stored events, and its messages step by step (beside event-wizard.spec.ts, so two workers share them). */
test.describe('event wizard: drafts and stored events', () => {
  // Each test drives up to six steps with uploads and pickers: about 50 s on two busy cores, too close to the 60 s default.
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await signedIn(page);
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
});
