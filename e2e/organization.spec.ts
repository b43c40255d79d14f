import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, mailedLink, ORGANIZER, PASSWORD, screenshot, signIn } from './helpers';

/**
 * An event is run by a committee. The owner invites a staff member, who accepts in
 * their own browser and sees the events but no money and no downloads; a forgotten password is
 * reset from the mailed link; a member of two organizations switches between them.
 */
const ORGANIZATION = 'Komunitas Muda Berkarya';
const LOMBA = 'Lomba Debat Bahasa Indonesia Tingkat SMA se-Jawa 2026';
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu utama' });

async function eventId(request: APIRequestContext, name: string) {
  const token = await apiToken(request);
  const filters = encodeURIComponent(JSON.stringify({ name }));
  const res = await request.get(`/v1/events/lists?filters=${filters}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data.docs[0].id as string;
}

test.describe('organization', () => {
  test('the owner invites a staff member, who accepts in a second browser and sees events but no money and no export', async ({ page, browser, request }) => {
    test.slow();
    const email = `panitia-${Date.now()}@contoh.id`;
    await page.goto('/login');
    await signIn(page);
    await menu(page).getByRole('menuitem', { name: /Anggota$/ }).click();
    await expect(page).toHaveURL(/\/organization\/members$/);
    await expect(page.getByRole('heading', { name: 'Anggota', level: 1 })).toBeVisible();
    await expect(page.getByText('staff@demo.id').first()).toBeVisible();
    const invite = page.getByRole('form', { name: 'Undang anggota' });
    await invite.getByLabel('Email').fill(email);
    await invite.getByRole('button', { name: 'Kirim undangan' }).click();
    await expect(page.getByText(`Undangan terkirim ke ${email}`)).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    await screenshot(page, 'organization-members-1280');

    // The invitee opens the mailed link in a browser of their own, never signed in here.
    const link = mailedLink(email, '/invite/');
    const theirs = await browser.newContext({ locale: 'id-ID', timezoneId: 'Asia/Jakarta', viewport: { width: 1280, height: 800 } });
    try {
      const invitee = await theirs.newPage();
      await invitee.goto(link);
      await expect(invitee.getByText(`Anda diundang bergabung dengan ${ORGANIZATION} sebagai Staf.`)).toBeVisible();
      await invitee.getByLabel('Nama').fill('Rina Panitia');
      await invitee.getByLabel('Password', { exact: true }).fill('panitia-rahasia');
      await invitee.getByLabel('Ulangi password').fill('panitia-rahasia');
      await screenshot(invitee, 'invite-accept-1280');
      await invitee.getByRole('button', { name: 'Buat akun dan terima undangan' }).click();
      // Signed in at once, as staff of the organization: its events, no withdrawals, no downloads.
      await expect(menu(invitee).getByRole('menuitem', { name: /Dashboard$/ })).toBeVisible();
      await expect(menu(invitee).getByRole('menuitem', { name: /Penarikan Saldo$/ })).toHaveCount(0);
      await expect(menu(invitee).getByRole('menuitem', { name: /Event Certificate$/ })).toHaveCount(0);
      await expect(menu(invitee).getByRole('menuitem', { name: /Anggota$/ })).toHaveCount(0);
      // Other tests add events to this organization, so the seeded one is found by name.
      await invitee.goto('/event');
      await invitee.getByLabel('Cari nama event').fill('Lomba Debat');
      await expect(invitee.getByText(LOMBA).first()).toBeVisible();
      await invitee.goto(`/event/active/overview/${await eventId(request, LOMBA)}?tab=participant`);
      await expect(invitee.getByRole('tab', { name: 'Participant' })).toHaveAttribute('aria-selected', 'true');
      await expect(invitee.getByRole('row').nth(1)).toBeVisible();
      await expect(invitee.getByRole('button', { name: 'Get CSV Participants' })).toHaveCount(0);
      await screenshot(invitee, 'staff-participants-1280');
      // A withdrawal page typed in by hand says so instead of showing the money.
      await invitee.goto('/payout');
      await expect(invitee.getByText('Tidak ada akses')).toBeVisible();
    } finally {
      await theirs.close();
    }

    // The owner sees the new member; the invitation is no longer pending.
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Staf')).toBeVisible();
    await menu(page).getByRole('menuitem', { name: /Aktivitas$/ }).click();
    await expect(page.getByText('Menerima undangan').first()).toBeVisible();
    await screenshot(page, 'organization-activity-1280');
  });

  test('a forgotten password is reset from the mailed link', async ({ page }) => {
    const email = 'finance@demo.id';
    await page.goto('/login');
    await page.getByRole('link', { name: 'Lupa password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The URL changes before the new screen is drawn (a React transition): until the heading
    // shows, "Email" is still the login form's field, and typing there is lost.
    await expect(page.getByRole('heading', { name: 'Lupa password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Kirim tautan' }).click();
    await expect(page.getByText('Jika email terdaftar, tautan untuk mengatur ulang password sudah dikirim')).toBeVisible();
    await screenshot(page, 'forgot-password-1280');

    await page.goto(mailedLink(email, '/reset-password/'));
    await page.getByLabel('Password baru', { exact: true }).fill('bendahara-baru-1');
    await page.getByLabel('Ulangi password baru').fill('bendahara-baru-1');
    await page.getByRole('button', { name: 'Simpan password' }).click();
    await expect(page.getByText('Password berhasil diatur ulang. Silakan masuk dengan password baru.')).toBeVisible();
    await screenshot(page, 'reset-password-1280');
    // The link works once: opened again, it says so before anything is typed.
    await page.goto(mailedLink(email, '/reset-password/'));
    await expect(page.getByText('Tautan atur ulang password sudah digunakan atau kedaluwarsa')).toBeVisible();
    await expect(page.getByLabel('Password baru', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Minta tautan baru' })).toBeVisible();

    await page.goto('/login');
    await signIn(page, email, PASSWORD, { expectSuccess: false });
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, email, 'bendahara-baru-1');
    // Finance: money yes, certificates no.
    await expect(menu(page).getByRole('menuitem', { name: /Penarikan Saldo$/ })).toBeVisible();
    await expect(menu(page).getByRole('menuitem', { name: /Event Certificate$/ })).toHaveCount(0);
  });

  test('a member of two organizations switches between them', async ({ page, request }) => {
    // organizer2 (owner of their own organization) joins organizer1's as admin, through the API.
    const owner = await apiToken(request, ORGANIZER);
    const theirs = await apiToken(request, 'organizer2@demo.id');
    const orgs = async (token: string) => (await (await request.get('/v1/organizations', { headers: { authorization: `Bearer ${token}` } })).json()).data.docs as { id: string; name: string }[];
    const [org1] = await orgs(owner);
    const invited = await request.post(`/v1/organizations/${org1.id}/invitations`, { headers: { authorization: `Bearer ${owner}` }, data: { email: 'organizer2@demo.id', role: 'admin' } });
    expect(invited.status()).toBe(201);
    const accepted = await request.post(`/v1/invitations/${mailedLink('organizer2@demo.id', '/invite/').split('/').pop()}/accept`, {
      headers: { authorization: `Bearer ${theirs}` }, data: {},
    });
    expect(accepted.status()).toBe(200);
    const [own] = await orgs(theirs);

    // Searched by name: other files add events to organizer1's list, so the demo event may be past page 1.
    const lombaSearch = `/event?name=${encodeURIComponent('Lomba Debat Bahasa')}`;
    await page.goto('/login');
    await signIn(page, 'organizer2@demo.id');
    const switcher = page.getByRole('combobox', { name: 'Ganti organisasi' });
    await expect(switcher).toBeVisible();
    await page.goto(lombaSearch);
    await expect(page.getByText(LOMBA)).toHaveCount(0);
    await switcher.selectOption(org1.id);
    await expect(page).toHaveURL(/\/$/);
    await page.goto(lombaSearch);
    await expect(page.getByText(LOMBA).first()).toBeVisible();
    await screenshot(page, 'organization-switched-1280');
    // Remembered for this user: a reload stays in the chosen organization.
    await page.reload();
    await expect(page.getByText(LOMBA).first()).toBeVisible();
    await switcher.selectOption(own.id);
    await page.goto(lombaSearch);
    await expect(page.getByText(LOMBA)).toHaveCount(0);
  });
});
