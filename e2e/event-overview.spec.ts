import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiGet, apiToken, screenshot, signedIn } from './helpers';

const LOMBA = 'Lomba Debat Bahasa Indonesia Tingkat SMA se-Jawa 2026';
const BEASISWA = 'Beasiswa Pemimpin Muda Nusantara 2027';
const VOLUNTEER = 'Volunteer Aksi Bersih Pantai Kuta';
const KELAS = 'Kelas Intensif UI/UX Design untuk Pemula';

async function eventByName(request: APIRequestContext, name: string) {
  const token = await apiToken(request);
  const filters = encodeURIComponent(JSON.stringify({ name }));
  const doc = (await apiGet(request, `/v1/events/lists?filters=${filters}`, token)).data.docs[0];
  return { id: doc.id as string, token };
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

/** Whether the table holding this column header shows every column without scrolling sideways. */
const columnsFit = (page: Page, header: string) =>
  page.getByRole('columnheader', { name: header }).evaluate((th) => {
    const scroller = th.closest('.ant-table-content') ?? th.closest('table')!.parentElement!;
    return scroller.scrollWidth <= scroller.clientWidth;
  });

test.describe('event overview', () => {
  test.beforeEach(async ({ page }) => {
    await signedIn(page);
  });

  test('the four tabs of an approved internal event show what the API holds', async ({ page, request }) => {
    const { id, token } = await eventByName(request, LOMBA);
    const detail = (await apiGet(request, `/v1/events/detail?id=${id}`, token)).data.result;
    await page.goto(`/event/active/overview/${id}`);
    await expect(page.getByRole('heading', { name: LOMBA, level: 2 })).toBeVisible();
    await expect(page.getByText('Lomba', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(detail.tickets[0].name).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lihat di peta' })).toBeVisible();
    await screenshot(page, 'overview-general-1280');

    await tab(page, 'Insight').click();
    await expect(page.getByText('Tingkat Pendidikan Pendaftar')).toBeVisible();
    await expect(page.getByText('Jenis Kelamin Pendaftar')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Views/ })).toBeVisible();
    await page.getByRole('button', { name: '10 hari sebelumnya' }).click();
    await expect(page.getByRole('button', { name: '10 hari berikutnya' })).toBeEnabled();
    await screenshot(page, 'overview-insight-1280');

    await tab(page, 'Participant').click();
    await expect(page.getByRole('heading', { name: 'Data Partisipan' })).toBeVisible();
    const registrants = (await apiGet(request, `/v1/event-regist/lists?eventId=${id}&limit=10`, token)).data;
    await expect(page.getByRole('row')).toHaveCount(Math.min(registrants.totalDocs, 10) + 1);
    await page.getByLabel('Cari partisipan').fill(registrants.docs[0].name);
    await expect(page.getByRole('cell', { name: registrants.docs[0].name }).first()).toBeVisible();
    await page.getByLabel('Cari partisipan').fill('');
    await screenshot(page, 'overview-participant-1280');

    await tab(page, 'Ticket').click();
    await expect(page.getByText('Rangkuman Penjualan Tiket')).toBeVisible();
    const summary = (await apiGet(request, `/v1/transactions/event/${id}/summary`, token)).data.result;
    await expect(page.getByText(`Rp${summary.coinAmount.toLocaleString('id-ID')},00`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Riwayat Penjualan' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /^(Confirmed|Refund)$/ }).first()).toBeVisible();
    expect(await columnsFit(page, 'Kode Diskon')).toBe(true);
    await screenshot(page, 'overview-ticket-1280');

    await page.getByRole('link', { name: detail.tickets[0].name }).click();
    await expect(page).toHaveURL(new RegExp(`/ticket/history/${id}/${detail.tickets[0].id}$`));
    await expect(page.getByRole('heading', { name: 'Ticket Price History' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Detail Penjualan Tiket' })).toBeVisible();
    // The event's name in the breadcrumb is cut at 50 characters (spec section 9).
    await expect(page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: `${LOMBA.slice(0, 50)}…`, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: /^(Confirmed|Refund)$/ }).first()).toBeVisible();
    expect(await columnsFit(page, 'Kode Diskon')).toBe(true);
    await screenshot(page, 'ticket-price-history-1280');
  });

  test('Get CSV Participants downloads every registrant in one file', async ({ page, request }) => {
    const { id, token } = await eventByName(request, LOMBA);
    const total = (await apiGet(request, `/v1/event-regist/lists?eventId=${id}&limit=1`, token)).data.totalDocs;
    await page.goto(`/event/active/overview/${id}?tab=participant`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Get CSV Participants' }).click();
    await expect(page.getByText('Downloading Data...')).toBeVisible();
    const file = await (await download).path();
    await expect(page.getByText('Download Completed')).toBeVisible();
    const lines = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines.length).toBe(total + 1);
    expect(lines[0]).toContain('Nama');
  });

  test('tabs follow the registration method and approval', async ({ page, request }) => {
    const external = await eventByName(request, BEASISWA);
    await page.goto(`/event/active/overview/${external.id}`);
    await expect(page.getByRole('heading', { name: BEASISWA, level: 2 })).toBeVisible();
    for (const name of ['Insight', 'Participant', 'Ticket']) await expect(tab(page, name)).toHaveAttribute('aria-disabled', 'true');
    await screenshot(page, 'overview-external-1280');

    const pending = await eventByName(request, VOLUNTEER);
    await page.goto(`/event/active/overview/${pending.id}`);
    await expect(tab(page, 'Insight')).toHaveAttribute('aria-disabled', 'true');
    await expect(tab(page, 'Participant')).not.toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('button', { name: 'EDIT EVENT' }).click();
    await expect(page).toHaveURL(new RegExp(`/event/edit/${pending.id}$`));
  });
});

test.describe('event overview at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a dropdown replaces the tabs', async ({ page, request }) => {
    const { id } = await eventByName(request, LOMBA);
    await signedIn(page);
    await page.goto(`/event/active/overview/${id}`);
    await expect(page.getByRole('heading', { name: LOMBA, level: 2 })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await screenshot(page, 'overview-general-375');
    for (const [name, marker] of [['Insight', 'Tingkat Pendidikan Pendaftar'], ['Participant', 'Data Partisipan'], ['Ticket', 'Rangkuman Penjualan Tiket']]) {
      await page.getByLabel('Pilih tab').click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).click();
      await expect(page.getByText(marker).first()).toBeVisible();
      await screenshot(page, `overview-${name.toLowerCase()}-375`);
    }
    // Phones get card lists, not tables cut to two or three columns.
    await expect(page.getByRole('table')).toHaveCount(0);
    const sales = page.getByRole('list', { name: 'Riwayat Penjualan' }).getByRole('listitem');
    await expect(sales.first().getByText(/^(Confirmed|Refund)$/)).toBeVisible();
    await expect(sales.first().getByText(/^Rp[\d.]+,00$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Jenis Tiket' }).getByRole('listitem').first()).toBeVisible();
  });
});

test.describe('event sessions', () => {
  test.beforeEach(async ({ page }) => {
    await signedIn(page);
  });

  test('an event in sessions lists them on its overview and on its public page, in the order they start', async ({ page, request }) => {
    const { id, token } = await eventByName(request, KELAS);
    const { sessions } = (await apiGet(request, `/v1/events/detail?id=${id}`, token)).data.result as { sessions: { name: string }[] };
    expect(sessions.map((s) => s.name)).toEqual(['Sesi 1: Riset pengguna', 'Sesi 2: Wireframe dan alur', 'Sesi 3: Desain visual', 'Sesi 4: Prototipe interaktif']);
    await page.goto(`/event/active/overview/${id}`);
    const overview = page.getByRole('listitem').filter({ hasText: /^Sesi \d: / });
    await expect(overview).toHaveText(sessions.map((s) => new RegExp(`^${s.name} · \\w+, \\d+ \\w+ \\d{4} · 13:00–16:00 WIB$`)));
    await screenshot(page, 'overview-sessions-1280');
    await page.goto(`/e/${id}`);
    const schedule = page.locator('section', { has: page.getByRole('heading', { name: 'Jadwal sesi' }) }).getByRole('listitem');
    await expect(schedule).toHaveText(sessions.map((s) => new RegExp(`^${s.name} .+, 13:00–16:00 WIB$`)));
    await screenshot(page, 'public-event-sessions-1280');
  });
});
