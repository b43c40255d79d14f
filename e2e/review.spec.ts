import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiGet, apiToken, freshOrganizer, screenshot, signIn, signedIn } from './helpers';
import { ADMIN, decide, payload, submit } from './event-api';

const statusOf = async (request: APIRequestContext, token: string, id: string) =>
  (await apiGet(request, `/v1/events/detail?id=${id}`, token)).data.result.approvedStatus as string;

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 2 }) });

test.describe('admin review of submitted events', () => {
  test('the admin approves one event and rejects another with a reason, at 1280 and 375 px', async ({ page, request }) => {
    const eo = await freshOrganizer(request, 'EO Review');
    const stamp = Date.now();
    const good = await submit(request, eo.token, payload(`Lomba Esai Disetujui ${stamp}`, { paid: true }));
    const bad = await submit(request, eo.token, payload(`Lomba Esai Ditolak ${stamp}`));
    expect(await statusOf(request, eo.token, good.id)).toBe('pending');

    await page.goto('/login');
    await signIn(page, ADMIN);
    await page.getByRole('navigation', { name: 'Menu utama' }).getByRole('menuitem', { name: 'Review Event' }).click();
    await expect(page).toHaveURL(/\/admin\/review$/);
    await expect(page.getByRole('heading', { name: 'Review Event', level: 1 })).toBeVisible();
    await expect(card(page, `Lomba Esai Disetujui ${stamp}`)).toContainText(eo.email);
    await screenshot(page, 'review-list-1280');

    await card(page, `Lomba Esai Ditolak ${stamp}`).getByRole('button', { name: /^TOLAK/ }).click();
    const reject = page.getByRole('dialog', { name: 'Tolak event' });
    await reject.getByRole('button', { name: 'TOLAK EVENT' }).click();
    await expect(reject.getByText('Tuliskan alasan penolakan')).toBeVisible();
    await reject.getByLabel('Alasan penolakan').fill('Poster buram dan hadiah belum jelas.');
    await screenshot(page, 'review-reject-1280');
    await reject.getByRole('button', { name: 'TOLAK EVENT' }).click();
    await expect(page.getByText('Event ditolak')).toBeVisible();
    await expect(card(page, `Lomba Esai Ditolak ${stamp}`)).toHaveCount(0);

    await card(page, `Lomba Esai Disetujui ${stamp}`).getByRole('button', { name: /^SETUJUI/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Setujui event ini?' });
    await confirm.getByRole('button', { name: 'SETUJUI' }).click();
    await expect(page.getByText('Event disetujui')).toBeVisible();
    await expect(card(page, `Lomba Esai Disetujui ${stamp}`)).toHaveCount(0);
    expect(await statusOf(request, eo.token, good.id)).toBe('approved');
    expect(await statusOf(request, eo.token, bad.id)).toBe('rejected');

    // The same screen on a phone: cards, nothing cut, the reject dialog fits.
    const waiting = await submit(request, eo.token, payload(`Lomba Esai Menunggu dengan Nama yang Cukup Panjang ${stamp}`));
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(card(page, `Lomba Esai Menunggu dengan Nama yang Cukup Panjang ${stamp}`)).toBeVisible();
    await screenshot(page, 'review-list-375');
    await card(page, `Lomba Esai Menunggu dengan Nama yang Cukup Panjang ${stamp}`).getByRole('button', { name: /^TOLAK/ }).click();
    await expect(page.getByRole('dialog', { name: 'Tolak event' })).toBeVisible();
    await screenshot(page, 'review-reject-375');
    await page.getByRole('dialog', { name: 'Tolak event' }).getByRole('button', { name: 'BATAL' }).click();
    expect(await statusOf(request, eo.token, waiting.id)).toBe('pending');
  });

  test('an organizer has no review entry and the API refuses them', async ({ page, request }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page.getByRole('navigation', { name: 'Menu utama' }).getByRole('menuitem', { name: 'Review Event' })).toHaveCount(0);
    const token = await apiToken(request);
    expect((await request.get('/v1/admin/events/review', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);
  });
});

test.describe('revisions of approved events', () => {
  test('a renamed ticket waits: the organizer is told, the admin sees before and after, approving publishes it, at 1280 and 375 px', async ({ page, browser, request }) => {
    const eo = await freshOrganizer(request, 'EO Revisi');
    const name = `Webinar Revisi ${Date.now()}`;
    const event = await submit(request, eo.token, payload(name));
    await decide(request, event.id, { approvedStatus: 'approved' });
    // The organizer renames the ticket, as the wizard sends it (same ticket id).
    const edit = payload(name, { tickets: [{ name: 'KLAIM HADIAH di bit.ly/hadiah', startHour: '09:00', endHour: '12:00' }] });
    Object.assign(edit.tickets[0], { id: event.tickets[0].id });
    const saved = await request.put(`/v1/events/update?id=${event.id}`, { headers: { authorization: `Bearer ${eo.token}` }, data: edit });
    expect(saved.status()).toBe(200);
    const publicTickets = async () => ((await (await request.get(`/v1/public/events/${event.id}`)).json()).data.result.tickets as { name: string }[]).map((t) => t.name);
    expect(await publicTickets()).toEqual(['Peserta Umum']);

    await signedIn(page, eo.email);
    await page.goto(`/event/active/overview/${event.id}`);
    const notice = page.getByRole('alert').filter({ hasText: 'Perubahan menunggu review admin' });
    await expect(notice).toContainText('Ticket name');
    await screenshot(page, 'overview-revision-notice-1280');

    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1280, height: 800 }, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
    const admin = await context.newPage();
    await signedIn(admin, ADMIN);
    await admin.goto('/admin/review');
    await admin.getByRole('tab', { name: 'Revisi' }).click();
    const revision = card(admin, name);
    await expect(revision.getByText('KLAIM HADIAH di bit.ly/hadiah')).toBeVisible();
    await expect(revision.getByText('Peserta Umum', { exact: true })).toBeVisible();
    await expect(revision.getByRole('link', { name: /bit\.ly/ })).toHaveCount(0);
    // Both widths, each checked for sideways scrolling once the layout has settled; approved at 375 px.
    await screenshot(admin, 'review-revision-1280');
    await admin.setViewportSize({ width: 375, height: 800 });
    await expect(revision).toBeVisible();
    await revision.getByRole('button', { name: /^SETUJUI REVISI/ }).click();
    await admin.getByRole('dialog').filter({ hasText: 'Setujui revisi ini?' }).getByRole('button', { name: 'SETUJUI REVISI' }).click();
    await expect(admin.getByText('Revisi disetujui dan sudah tampil di halaman publik')).toBeVisible();
    await expect(revision).toHaveCount(0);
    await context.close();

    expect(await publicTickets()).toEqual(['KLAIM HADIAH di bit.ly/hadiah']);
    await page.reload();
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});

test.describe('organizer side of review and the wizard', () => {
  test('editing the name of an approved event asks first; cancelling saves nothing', async ({ page, request }) => {
    const eo = await freshOrganizer(request, 'EO Ubah Nama');
    const event = await submit(request, eo.token, payload(`Lomba Nama Lama ${Date.now()}`));
    await decide(request, event.id, { approvedStatus: 'approved' });
    await signedIn(page, eo.email);
    await page.goto(`/event/edit/${event.id}`);
    await page.getByLabel('Nama Event').fill('Lomba Nama Baru');
    await page.getByRole('button', { name: /Review/ }).click();
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Event akan direview ulang' });
    await expect(dialog.getByText('Kamu mengubah: Event name.', { exact: false })).toBeVisible();
    await expect(dialog.getByText('Selama menunggu, event tidak menerima pendaftaran dan penjualan tiket di platform.')).toBeVisible();
    await screenshot(page, 'wizard-re-review-confirm-1280');
    await dialog.getByRole('button', { name: 'BATAL' }).click();
    await expect(dialog).toBeHidden();
    expect(await statusOf(request, eo.token, event.id)).toBe('approved');
  });

  test('switching a paid event with categories to Gratis asks first; Batal keeps them', async ({ page, request }) => {
    const eo = await freshOrganizer(request, 'EO Berbayar');
    const draft = await submit(request, eo.token, payload(`Draf Berbayar ${Date.now()}`, { paid: true }), '/v1/events/draft/create');
    await signedIn(page, eo.email);
    await page.goto(`/event/edit/${draft.id}`);
    await page.getByRole('button', { name: /Registration & Deadline/ }).click();
    await expect(page.getByRole('radio', { name: 'Berbayar', exact: true })).toBeChecked();
    await expect(page.getByText('Peserta Umum')).toBeVisible();
    await page.getByRole('radio', { name: 'Gratis', exact: true }).click();
    const ask = page.getByRole('dialog', { name: 'Ubah ke Event Gratis?' });
    await expect(ask.getByText('1 kategori peserta yang sudah dibuat, beserta pertanyaan pendaftarannya, akan dihapus.')).toBeVisible();
    await screenshot(page, 'wizard-paid-to-free-confirm-1280');
    await ask.getByRole('button', { name: 'Batal' }).click();
    await expect(page.getByRole('radio', { name: 'Berbayar', exact: true })).toBeChecked();
    await expect(page.getByText('Peserta Umum')).toBeVisible();
    await page.getByRole('radio', { name: 'Gratis', exact: true }).click();
    await ask.getByRole('button', { name: 'UBAH KE GRATIS' }).click();
    await expect(page.getByRole('radio', { name: 'Gratis', exact: true })).toBeChecked();
    await expect(page.getByText('Peserta Umum')).toHaveCount(0);
  });

  test('General Information lists a day once and names the categories whose hours differ; the badge keeps its size', async ({ page, request }) => {
    const eo = await freshOrganizer(request, 'EO Dua Sesi');
    const name = `Lomba Dua Sesi ${Date.now()}`;
    const event = await submit(request, eo.token, payload(name, {
      tickets: [{ name: 'Sesi Pagi', startHour: '09:00', endHour: '12:00' }, { name: 'Sesi Sore', startHour: '13:00', endHour: '15:00' }],
    }));
    await signedIn(page, eo.email);
    await page.goto(`/event/active/overview/${event.id}`);
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    const dates = page.locator('.ant-descriptions-item').filter({ hasText: 'Tanggal & Waktu' });
    await expect(dates.getByRole('listitem')).toHaveText(['Sesi Pagi: 09:00–12:00 WIB', 'Sesi Sore: 13:00–15:00 WIB']);
    const badge = page.locator('.overview-category').getByText('Lomba', { exact: true });
    expect((await badge.boundingBox())!.width).toBeLessThan(120);
    await screenshot(page, 'overview-dates-grouped-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(dates.getByRole('listitem')).toHaveCount(2);
    // The phone layout renders the header anew: measure the badge once it is there again.
    await expect.poll(async () => (await badge.boundingBox())?.width ?? Infinity).toBeLessThan(120);
    await screenshot(page, 'overview-dates-grouped-375');
  });

  test('the side menu highlights the list a page belongs to, and none on /event/create', async ({ page, request }) => {
    await signedIn(page);
    const token = await apiToken(request);
    const selected = page.getByRole('navigation', { name: 'Menu utama' }).locator('.ant-menu-item-selected');
    await page.goto('/event/create');
    await expect(page.getByLabel('Nama Event')).toBeVisible();
    await expect(selected).toHaveCount(0);
    await screenshot(page, 'menu-create-none-1280');

    const active = (await apiGet(request, '/v1/events/lists?limit=1', token)).data.docs[0];
    await page.goto(`/event/edit/${active.id}`);
    await expect(page.getByLabel('Nama Event')).toHaveValue(active.name);
    await expect(selected).toHaveText('Aktif');

    const past = (await apiGet(request, '/v1/events/lists?showConcludedEvent=true&limit=20', token)).data.docs;
    let ticketPage: string | undefined;
    for (const e of past) {
      const d = (await apiGet(request, `/v1/events/detail?id=${e.id}`, token)).data.result;
      if (d.tickets?.length) {
        ticketPage = `/ticket/history/${d.id}/${d.tickets[0].id}`;
        break;
      }
    }
    await page.goto(ticketPage!);
    await expect(selected).toHaveText('Riwayat');
    await screenshot(page, 'menu-ticket-history-riwayat-1280');
  });
});
