import { expect, test } from '@playwright/test';
import { apiGet, apiToken, createDrafts, freshOrganizer, screenshot, signIn, signedIn } from './helpers';

test.describe('event lists', () => {
  test('active list: the API\'s events with number, date, name, category, type and Lihat Overview', async ({ page, request }) => {
    const token = await apiToken(request);
    const api = (await apiGet(request, '/v1/events/lists?limit=10', token)).data;
    await page.goto('/login');
    await signIn(page);
    await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('menuitem', { name: /Event$/ }).first().click();
    await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('menuitem', { name: 'Aktif' }).click();
    await expect(page.getByRole('heading', { name: 'Event Aktif' })).toBeVisible();
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(api.docs.length + 1);
    const first = rows.nth(1);
    await expect(first.getByRole('cell').nth(0)).toHaveText('1');
    await expect(first.getByRole('cell').nth(2)).toHaveText(api.docs[0].name);
    await expect(page.getByRole('columnheader', { name: 'Kategori' })).toBeVisible();
    await expect(page.getByText('Webinar').first()).toBeVisible(); // Seminar is shown as Webinar
    await screenshot(page, 'events-active-1280');
    await first.getByRole('link', { name: 'Lihat Overview' }).click();
    await expect(page).toHaveURL(new RegExp(`/event/active/overview/${api.docs[0].id}$`));
  });

  test('history and drafts link to their own routes', async ({ page }) => {
    await signedIn(page);
    await page.goto('/event/history');
    await expect(page.getByRole('heading', { name: 'Event Riwayat' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lihat Overview' }).first()).toHaveAttribute('href', /\/event\/history\/overview\//);
    await screenshot(page, 'events-history-1280');
    await page.goto('/event/draft');
    await expect(page.getByRole('link', { name: 'Edit Event' }).first()).toHaveAttribute('href', /\/event\/edit\//);
    await page.getByRole('button', { name: 'BUAT EVENT BARU' }).click();
    await expect(page).toHaveURL(/\/event\/create$/);
  });

  test('search lives in the URL: debounced, kept on reload, undone by back', async ({ page }) => {
    await signedIn(page);
    await page.goto('/event');
    await page.getByLabel('Cari nama event').fill('debat');
    await expect(page).toHaveURL(/\/event\?name=debat$/);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').nth(1)).toContainText('Lomba Debat');
    await page.reload();
    await expect(page.getByLabel('Cari nama event')).toHaveValue('debat');
    await expect(page.getByRole('row')).toHaveCount(2);
    await page.goBack();
    await expect(page).toHaveURL(/\/event$/);
    await expect(page.getByLabel('Cari nama event')).toHaveValue('');
    await page.getByLabel('Cari nama event').fill('tidak ada yang cocok');
    await expect(page.getByText('No Data')).toBeVisible();
  });

  test('paging: 10 a page, numbering continues on page 2', async ({ page, request }) => {
    const eo = await freshOrganizer(request, 'EO Paging');
    await createDrafts(request, eo.token, 'Draf Paging', 12);
    await signedIn(page, eo.email);
    await page.goto('/event/draft');
    await expect(page.getByRole('row')).toHaveCount(11);
    await expect(page.getByRole('row').nth(1)).toContainText('Draf Paging 12');
    await page.getByRole('listitem', { name: '2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('11');
    await expect(page.getByRole('row').nth(2)).toContainText('Draf Paging 01');
  });

  test('a fresh organizer sees the empty state inviting them to reach 700.000+ young Indonesians', async ({ page, request }) => {
    const eo = await freshOrganizer(request, 'EO Kosong');
    await signedIn(page, eo.email);
    await page.goto('/event');
    await expect(page.getByText('Belum ada event aktif saat ini')).toBeVisible();
    await expect(page.getByText(/700\.000\+ anak muda Indonesia/)).toBeVisible();
    await screenshot(page, 'events-empty-1280');
    await page.goto('/event/draft');
    await expect(page.getByText('Belum ada event draf saat ini')).toBeVisible();
  });
});

test.describe('event lists at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('cards with Filter and Sort dialogs and Prev/Next paging', async ({ page, request }) => {
    const eo = await freshOrganizer(request, 'EO Mobile');
    await createDrafts(request, eo.token, 'Draf Mobile', 12);
    await signedIn(page, eo.email);
    await page.goto('/event/draft');
    const cards = page.getByRole('list', { name: 'Event Draf' }).getByRole('listitem');
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toContainText('Draf Mobile 12');
    await expect(cards.first()).toContainText('Diperbarui');
    await screenshot(page, 'events-draft-375');
    await page.getByRole('button', { name: /Next/ }).click();
    await expect(cards).toHaveCount(2);
    await page.getByRole('button', { name: /Prev/ }).click();
    await expect(cards).toHaveCount(10);

    await page.getByRole('button', { name: /Sort/ }).click();
    await page.getByRole('radio', { name: 'Nama A-Z' }).check();
    await screenshot(page, 'events-sort-375');
    await page.getByRole('button', { name: 'Terapkan' }).click();
    await expect(cards.first()).toContainText('Draf Mobile 01');

    await page.getByRole('button', { name: /Filter/ }).click();
    await page.getByRole('radio', { name: 'Berbayar' }).check();
    await page.getByRole('button', { name: 'Terapkan' }).click();
    await expect(page).toHaveURL(/paid=paid/);
    await expect(cards).toHaveCount(6);
    await page.getByLabel('Cari nama event').fill('zzz');
    await expect(page.getByText('No Data')).toBeVisible();
  });

  test('the demo organizer\'s active events show Approved on approved cards', async ({ page }) => {
    await signedIn(page);
    await page.goto('/event');
    await expect(page.getByRole('list', { name: 'Event Aktif' }).getByText('Approved').first()).toBeVisible();
    await screenshot(page, 'events-active-375');
  });
});
