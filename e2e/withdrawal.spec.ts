import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiGet, apiToken, mailedTexts, ORGANIZER, screenshot, signedIn } from './helpers';

/** A past paid demo event with sales (seeded), withdrawn from end to end. */
const KONSER = 'Konser Amal Pelajar untuk Pendidikan';
const rupiah = (n: number) => `Rp${new Intl.NumberFormat('id-ID').format(n)},00`;

/** The newest verification code mailed to `email`. */
function lastMailedCode(email: string): string {
  for (const text of mailedTexts(email)) {
    const code = text.match(/^(\d{6})$/m)?.[1];
    if (code) return code;
  }
  throw new Error(`no code mailed to ${email}`);
}

async function availableEvent(request: APIRequestContext, name: string) {
  const token = await apiToken(request);
  const docs = (await apiGet(request, '/v1/events/available-withdrawal?limit=100', token)).data.docs as { _id: string; name: string; coinAmount: number }[];
  const doc = docs.find((d) => d.name === name);
  expect(doc, `${name} should be open for withdrawal`).toBeTruthy();
  return { ...doc!, token };
}

async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'OTP Input 1' }).click();
  await page.keyboard.type(code);
}

test.describe('withdrawal', () => {
  test.beforeEach(async ({ page }) => {
    await signedIn(page);
  });

  test('a past paid event: bank account, whole balance, the mailed code, receipt; the payout page lists it', async ({ page, request }) => {
    // The longest walk of the suite (two events, an overview visit, the admin): more than a minute on a busy machine.
    test.slow();
    const event = await availableEvent(request, KONSER);
    // Reached from the past event's overview.
    await page.goto(`/event/history/overview/${event._id}`);
    await page.getByRole('button', { name: 'Tarik Penjualan' }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${event._id}/withdrawal$`));
    await expect(page.getByRole('heading', { name: 'Tarik Penjualan' })).toBeVisible();
    // The breadcrumb names the list as the side menu does.
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Riwayat' })).toHaveAttribute('href', '/event/history');
    await expect(crumbs.getByText('Event History')).toHaveCount(0);
    await expect(page.getByText(rupiah(event.coinAmount)).first()).toBeVisible();
    await expect(page.getByText('Penarikan diproses maksimal 5 hari kerja setelah pengajuan terverifikasi.')).toBeVisible();
    // No bank account yet: the request waits for one.
    await expect(page.getByRole('button', { name: 'Tarik Saldo' })).toBeDisabled();
    await screenshot(page, 'withdrawal-empty-1280');

    // The spec's messages, then a valid account.
    await page.getByLabel('Nama Pemilik Rekening').fill('Sari 2');
    await page.getByLabel('Nomor Rekening').fill('12ab');
    await page.getByRole('button', { name: 'Simpan Rekening' }).click();
    await expect(page.getByText('Mohon mengisi nama bank')).toBeVisible();
    await expect(page.getByText('Mohon mengisi dengan karakter')).toBeVisible();
    await expect(page.getByText('Mohon mengisi dengan angka')).toBeVisible();
    // A searchable list: typing narrows it, as a person would.
    await page.getByLabel('Nama Bank', { exact: true }).fill('BCA');
    await page.locator('.ant-select-dropdown:visible').getByTitle('BCA (Bank Central Asia)', { exact: true }).click();
    await page.getByLabel('Nama Pemilik Rekening').fill("Sari Dewi-O'Neil");
    await page.getByLabel('Nomor Rekening').fill('1234567890');
    await page.getByRole('button', { name: 'Simpan Rekening' }).click();
    await expect(page.getByText('Rekening bank tersimpan')).toBeVisible();
    await expect(page.getByText('1234567890')).toBeVisible();

    // Too little, then everything.
    await page.getByLabel('Jumlah Penarikan').fill('10000');
    await page.getByRole('button', { name: 'Tarik Saldo' }).click();
    await expect(page.getByText('Minimum penarikan Rp15.000,00')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Tarik semua saldo' }).check();
    await page.getByRole('button', { name: 'Tarik Saldo' }).click();

    // The code step opens by itself; a wrong code counts, the mailed one confirms.
    const dialog = page.getByRole('dialog', { name: 'Verifikasi Penarikan' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('o***r@demo.id')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Kirim ulang kode/ })).toBeDisabled();
    await screenshot(page, 'withdrawal-code-1280');
    const code = lastMailedCode(ORGANIZER);
    await typeCode(page, code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Verifikasi' }).click();
    await expect(dialog.getByText('Kode verifikasi salah. Sisa percobaan: 4')).toBeVisible();
    await typeCode(page, code);
    await dialog.getByRole('button', { name: 'Verifikasi' }).click();
    await expect(page.getByText('Pengajuan Penarikan Berhasil')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Balance reserved, request disabled while it is processed, history and receipt agree with the API.
    await expect(page.getByText(rupiah(0)).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tarik Saldo' })).toBeDisabled();
    const history = (await apiGet(request, `/v1/transactions/eo/coin/withdrawal?eventId=${event._id}`, event.token)).data.docs;
    expect(history).toHaveLength(1);
    const ref = history[0].referenceId as string;
    const row = page.getByRole('row', { name: new RegExp(ref) });
    await expect(row.getByText('Diproses')).toBeVisible();
    await expect(row.getByText(rupiah(event.coinAmount))).toBeVisible();
    await screenshot(page, 'withdrawal-pending-1280');

    // While it is pending, the overview's Tarik Penjualan is disabled and says why.
    await page.goto(`/event/history/overview/${event._id}`);
    const withdrawButton = page.getByRole('button', { name: 'Tarik Penjualan' });
    await expect(withdrawButton).toBeDisabled();
    await page.locator('.overview-withdraw').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Masih ada penarikan yang sedang diproses untuk event ini');
    await screenshot(page, 'overview-withdraw-pending-1280');
    await page.goto(`/event/${event._id}/withdrawal`);

    // The transfer is done (admin), the organizer sees it sent.
    const admin = await apiToken(request, 'admin@demo.id');
    expect((await request.post(`/v1/admin/withdrawals/${ref}/status`, { headers: { authorization: `Bearer ${admin}` }, data: { status: 'sent' } })).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(ref) }).getByText('Terkirim')).toBeVisible();
    // Everything went out: nothing left to request.
    await expect(page.getByRole('button', { name: 'Tarik Saldo' })).toBeDisabled();
    await page.getByRole('button', { name: `Lihat ${ref}` }).click();
    const receipt = page.getByRole('dialog', { name: 'Bukti Penarikan' });
    const api = (await apiGet(request, `/v1/transactions/eo/coin/withdrawal/receipt?transactionId=${ref}`, event.token)).data.result;
    for (const value of [api.totalSales, api.paymentFee, api.totalCleanReception]) await expect(receipt.getByText(rupiah(value)).first()).toBeVisible();
    await expect(receipt.getByText('BCA (Bank Central Asia)')).toBeVisible();
    await expect(receipt.getByText("Sari Dewi-O'Neil")).toBeVisible();
    await screenshot(page, 'withdrawal-receipt-1280');
    await receipt.getByRole('button', { name: 'Tutup' }).first().click();

    // The payout page: history across events; the drawer no longer offers this event but offers others.
    await page.getByRole('menuitem', { name: 'Penarikan Saldo' }).click();
    await expect(page).toHaveURL(/\/payout$/);
    await expect(page.getByRole('row', { name: new RegExp(ref) }).getByText(KONSER)).toBeVisible();
    await expect(page.getByText('Penarikan diproses maksimal 5 hari kerja setelah pengajuan terverifikasi.')).toBeVisible();
    await screenshot(page, 'payout-1280');
    await page.getByRole('button', { name: 'Pilih Event untuk Ditarik' }).click();
    const drawer = page.getByRole('dialog', { name: 'Event yang Bisa Ditarik' });
    await expect(drawer).toBeVisible();
    const others = (await apiGet(request, '/v1/events/available-withdrawal?limit=100', event.token)).data.docs as { _id: string; name: string }[];
    expect(others.map((d) => d.name)).not.toContain(KONSER);
    expect(others.length).toBeGreaterThan(0);
    await expect(drawer.getByText(KONSER)).toHaveCount(0);
    await screenshot(page, 'payout-drawer-1280');
    await drawer.getByRole('link', { name: 'TARIK SALDO' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/event/${others[0]._id}/withdrawal$`));

    // The next event offers the account saved for the first one, masked; picking it saves it here too.
    const saved = page.getByLabel('Rekening tersimpan');
    await expect(saved).toBeVisible();
    await expect(page.getByText("BCA (Bank Central Asia) ****7890 · Sari Dewi-O'Neil")).toBeVisible();
    await screenshot(page, 'withdrawal-saved-bank-1280');
    await page.getByRole('button', { name: 'Pakai Rekening Ini' }).click();
    await expect(page.getByText('Rekening bank tersimpan')).toBeVisible();
    await expect(page.getByText('1234567890')).toBeVisible();
  });

  test('a free event with internal registration cannot be withdrawn, and says why', async ({ page, request }) => {
    const token = await apiToken(request);
    const filters = encodeURIComponent(JSON.stringify({ name: 'Seminar Kesehatan Mental Mahasiswa' }));
    const lists = await apiGet(request, `/v1/events/lists?showConcludedEvent=true&filters=${filters}`, token);
    const id = lists.data.docs[0].id as string;
    await page.goto(`/event/${id}/withdrawal`);
    await expect(page.getByText('Event is hosted internally and is free. Withdrawal is not allowed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tarik Saldo' })).toBeDisabled();
    // Its overview's Tarik Penjualan is disabled, with the reason as its tooltip.
    await page.goto(`/event/history/overview/${id}`);
    await expect(page.getByRole('button', { name: 'Tarik Penjualan' })).toBeDisabled();
    await page.locator('.overview-withdraw').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Event is hosted internally and is free. Withdrawal is not allowed');
    await screenshot(page, 'overview-withdraw-free-1280');
  });
});

test.describe('withdrawal at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the withdrawal page, the payout page and its drawer fit a phone', async ({ page, request }) => {
    await signedIn(page);
    const token = await apiToken(request);
    const docs = (await apiGet(request, '/v1/transactions/eo/coin/withdrawal?limit=1', token)).data.docs;
    const eventId = docs[0]?.withdrawDetail.eoCoinId.eventId ?? (await availableEvent(request, 'Lomba Karya Tulis Ilmiah Nasional 2026'))._id;
    await page.goto(`/event/${eventId}/withdrawal`);
    await expect(page.getByRole('heading', { name: 'Tarik Penjualan' })).toBeVisible();
    // On a phone the bank account comes before the request that sends money to it.
    const bankTop = (await page.getByText('Rekening Bank', { exact: true }).boundingBox())!.y;
    const requestTop = (await page.getByText('Ajukan Penarikan', { exact: true }).boundingBox())!.y;
    expect(bankTop).toBeLessThan(requestTop);
    await screenshot(page, 'withdrawal-375');
    await page.goto('/payout');
    await expect(page.getByRole('heading', { name: 'Penarikan Saldo' })).toBeVisible();
    await screenshot(page, 'payout-375');
    await page.getByRole('button', { name: 'Pilih Event untuk Ditarik' }).click();
    await expect(page.getByRole('dialog', { name: 'Event yang Bisa Ditarik' })).toBeVisible();
    await screenshot(page, 'payout-drawer-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
