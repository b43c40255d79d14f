import { deflateSync } from 'node:zlib';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiGet, apiToken, mailedLink, mailedTexts, screenshot, signedIn } from './helpers';
import { PROOF_OF_WORK_MSG, PUBLIC_RESEND_TEXT, PUBLIC_TWIBBON_TEXT } from '@eo/contract';
import { decide, payload, registerPublic, submit } from './event-api';

/**
 * The public side: the event page a link is shared to, its registration form, the
 * e-ticket page the registration opens and mails, and the twibbon maker. No sign-in, but for the
 * organizer who finds the registrant and the view afterwards.
 */
const WEBINAR = 'Webinar Nasional: Cerdas Mengelola Keuangan di Usia Muda';

async function eventId(request: APIRequestContext, name: string) {
  const token = await apiToken(request);
  const filters = encodeURIComponent(JSON.stringify({ name }));
  return (await apiGet(request, `/v1/events/lists?filters=${filters}`, token)).data.docs[0].id as string;
}

/** A JPEG's size, from its first start-of-frame segment (SOF0–SOF2). */
function jpegSize(file: Buffer): { width: number; height: number } | undefined {
  if (file.readUInt16BE(0) !== 0xffd8) return undefined;
  for (let at = 2; at + 9 < file.length; at += 2 + file.readUInt16BE(at + 2)) {
    const marker = file.readUInt16BE(at);
    if (marker >= 0xffc0 && marker <= 0xffc2) return { width: file.readUInt16BE(at + 7), height: file.readUInt16BE(at + 5) };
  }
  return undefined;
}

/** Fills the registration form's participant fields as a person would; a valid phone and education. */
async function fillParticipant(page: Page, name: string, email: string, gender: 'Laki-laki' | 'Perempuan' = 'Perempuan') {
  await page.getByLabel('Nama lengkap').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Nomor HP (WhatsApp)').fill('+6281234567890');
  await page.getByLabel('Pendidikan terakhir').selectOption('S1');
  await page.getByRole('radio', { name: gender }).check();
}

/** A solid-colour PNG of `w` × `h` (a participant's photo), built by hand: no image library here. */
function png(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, Buffer.from([230, 120, 40]))]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

test.describe('public pages', () => {
  test('the event page renders before any script, and a registration mails the e-ticket whose page shows the QR code', async ({ page, request }) => {
    const id = await eventId(request, WEBINAR);
    // Whole before any script: with JavaScript off, the page, its tickets and the form's labelled fields are there.
    const noScript = await page.context().browser()!.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const bare = await noScript.newPage();
    await bare.goto(`/e/${id}`);
    await expect(bare.getByRole('heading', { name: WEBINAR, level: 1 })).toBeVisible();
    await expect(bare.getByLabel('Nama lengkap')).toBeVisible();
    await expect(bare.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(WEBINAR.slice(0, 20)));
    await noScript.close();
    await page.goto(`/e/${id}`);
    await expect(page.getByRole('heading', { name: WEBINAR, level: 1 })).toBeVisible();
    // The one script is the form's, from the build: no dashboard bundle here.
    await expect(page.locator('script')).toHaveCount(1);
    expect(await page.locator('script').getAttribute('src')).toMatch(/^\/assets\/register-[\w-]+\.js$/);
    await screenshot(page, 'public-event-1280');

    // The platform intake's shape of a registration, straight through the public API.
    const event = (await (await request.get(`/v1/public/events/${id}`)).json()).data.result;
    const answers = (event.questions as { id: string; kind: string; isRequired: boolean; options: string[] }[])
      .filter((q) => q.isRequired)
      .map((q) => ({ questionId: q.id, value: q.kind === 'radio' ? q.options[0]! : q.kind === 'checkbox' ? [q.options[0]!] : 'Belajar mengatur uang saku' }));
    const email = `peserta-${Date.now()}@contoh.id`;
    const res = await registerPublic(request, id, { ticketId: event.tickets[0].id, participant: { name: 'Rani Pratiwi', email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' }, answers });
    expect(res.status(), await res.text()).toBe(201);
    const { ticketCode } = (await res.json()).data.result;

    await expect.poll(() => mailedTexts(email).length).toBeGreaterThan(0);
    const link = mailedLink(email, `/e/${id}/ticket/`);
    expect(link).toBe(`/e/${id}/ticket/${ticketCode}`);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: WEBINAR, level: 1 })).toBeVisible();
    await expect(page.getByText('Rani Pratiwi')).toBeVisible();
    await expect(page.getByRole('img', { name: `Kode QR tiket ${ticketCode}` })).toBeVisible();
    // The event's twibbon maker, one tap from the ticket.
    await expect(page.getByRole('link', { name: 'Buat Twibbon' })).toHaveAttribute('href', '/t/cerdas-finansial');
    await screenshot(page, 'eticket-1280');
    const calendar = await request.get(`${link}/calendar.ics`);
    expect(calendar.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await calendar.text()).toContain('BEGIN:VEVENT');
  });

  test('the first screen shows the title, the date and "Daftar" at 1280 and 375 px; on a phone "Daftar" stays in view and leads to the form', async ({ page, request }) => {
    const id = await eventId(request, WEBINAR);
    const title = page.getByRole('heading', { name: WEBINAR, level: 1 });
    const date = page.getByText(/\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}, 19:00–21:00 WIB/).first();
    const daftar = page.getByRole('link', { name: 'Daftar', exact: true });
    const inFirstScreen = async (what: typeof title, height: number) => {
      const box = await what.boundingBox();
      expect(box, String(what)).not.toBeNull();
      expect(box!.y, String(what)).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, String(what)).toBeLessThanOrEqual(height);
    };
    for (const size of [{ width: 1280, height: 800 }, { width: 375, height: 812 }]) {
      await page.setViewportSize(size);
      await page.goto(`/e/${id}`);
      for (const what of [title, date, daftar]) await inFirstScreen(what, size.height);
      await expect(page.getByRole('link', { name: 'Buat Twibbon' })).toHaveAttribute('href', '/t/cerdas-finansial');
    }
    await screenshot(page, 'public-event-first-screen-375', { full: false });

    // The phone's bar stays at the bottom while the page scrolls, and takes the reader to the form with the ticket chosen.
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    await inFirstScreen(daftar, 812);
    await expect(page.getByRole('heading', { name: WEBINAR, level: 1 })).not.toBeInViewport();
    await daftar.click();
    await expect(page).toHaveURL(/#daftar-/);
    await expect(page.getByRole('radio', { name: /Peserta Umum/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: /Peserta Umum/ })).toBeFocused();
    await expect(page.getByLabel('Nama lengkap')).toBeInViewport();
    await inFirstScreen(page.getByLabel('Nama lengkap'), 812);

    // The link preview: a 1200 × 630 card of the poster, on the public origin.
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`/e/${id}/og\\.jpg$`));
    const card = await request.get(`/e/${id}/og.jpg`);
    expect(card.status()).toBe(200);
    expect(card.headers()['content-type']).toBe('image/jpeg');
    const jpeg = await card.body();
    // A JPEG's SOF0 segment holds its height and width.
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    expect([jpeg.readUInt16BE(sof + 7), jpeg.readUInt16BE(sof + 5)]).toEqual([1200, 630]);
    mkdirSync(path.join(import.meta.dirname, 'screenshots'), { recursive: true });
    writeFileSync(path.join(import.meta.dirname, 'screenshots', 'public-event-og.jpg'), jpeg);
  });

  test('a participant registers on the event page at 375 px with six kinds of question, by keyboard; the organizer sees them', async ({ page, request }) => {
    const token = await apiToken(request);
    const name = `Seminar Publik ${Date.now()}`;
    const option = (n: string, i: number) => ({ name: n, optionOrderNumber: i + 1 });
    const event = await submit(request, token, payload(name, {
      questions: [
        { name: 'Asal sekolah', type: 'text', isRequired: true },
        { name: 'Ceritakan motivasimu', type: 'paragraph', isRequired: false },
        { name: 'Kelas', type: 'radio', isRequired: true, options: ['X', 'XI', 'XII'].map(option) },
        { name: 'Topik favorit', type: 'checkbox', isRequired: true, options: ['Keuangan', 'Karier'].map(option) },
        { name: 'Foto diri', type: 'image', isRequired: true },
        { name: 'Surat rekomendasi', type: 'file', isRequired: false, maxFiles: 2, accept: ['pdf'] },
      ],
    }));
    await decide(request, event.id, { approvedStatus: 'approved' });

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/e/${event.id}`);
    await page.getByRole('link', { name: 'Daftar', exact: true }).click();
    await expect(page.getByRole('radio', { name: /Peserta Umum/ })).toBeChecked();

    // Sent empty: the alert says so (role=alert is announced), each field says what it misses, the first is focused.
    const send = page.getByRole('button', { name: 'Daftar sekarang' });
    await send.click();
    await expect(page.getByRole('alert')).toHaveText('Periksa kembali isian yang ditandai.');
    const nameField = page.getByLabel('Nama lengkap');
    await expect(nameField).toBeFocused();
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');
    await expect(nameField).toHaveAccessibleDescription('Nama lengkap wajib diisi');
    for (const text of ['Asal sekolah wajib diisi', 'Kelas wajib diisi', 'Topik favorit wajib diisi', 'Foto diri wajib diisi']) await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByText('Ceritakan motivasimu wajib diisi')).toHaveCount(0);
    await screenshot(page, 'public-register-errors-375');

    // By keyboard: type, Tab to the next field, arrows in the radio groups, Space on a checkbox.
    const email = `form-${Date.now()}@contoh.id`;
    await page.keyboard.type('Rani <b>Pratiwi</b>');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('12345');
    await page.keyboard.press('Tab');
    // "Kirim tiket lewat WhatsApp" (the e2e server sends WhatsApp), left unticked.
    await expect(page.getByRole('checkbox', { name: 'Kirim tiket lewat WhatsApp' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Pendidikan terakhir')).toBeFocused();
    await page.getByLabel('Pendidikan terakhir').selectOption('SMA/SMK');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: 'Laki-laki' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Perempuan' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Asal sekolah')).toBeFocused();
    await page.keyboard.type('SMA Negeri 1 Yogyakarta');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Ingin belajar mengatur uang saku.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'XI', exact: true })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox', { name: 'Keuangan' })).toBeFocused();
    await page.keyboard.press('Space');
    await page.getByLabel('Foto diri').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png(400, 400) });
    await page.getByLabel(/Surat rekomendasi/).setInputFiles({ name: 'surat.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
    await send.click();
    // The phone was wrong: said under it, and nothing was sent.
    const phone = page.getByLabel('Nomor HP (WhatsApp)');
    await expect(phone).toHaveAccessibleDescription(/Nomor HP harus diawali \+62, 62 atau 08/);
    await expect(phone).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('0812 3456 7890');
    await page.keyboard.press('Enter');

    // Registered: the e-ticket opens, says it was mailed, and fits the phone.
    await expect(page).toHaveURL(new RegExp(`/e/${event.id}/ticket/[\\w-]{20,}\\?baru=1$`));
    await expect(page.getByRole('status')).toHaveText('Pendaftaran berhasil. E-tiket ini juga sudah dikirim ke email kamu.');
    await expect(page.getByText('Rani <b>Pratiwi</b>')).toBeVisible();
    const ticketCode = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await expect(page.getByRole('img', { name: `Kode QR tiket ${ticketCode}` })).toBeVisible();
    // An online event: how to join, not the door's instructions, and its link on the confirmed ticket.
    await expect(page.getByText('Event ini online. Gabung lewat tombol di bawah saat acara dimulai; kode tiket ini dipakai untuk presensi.')).toBeVisible();
    await expect(page.getByText('Tunjukkan kode QR ini kepada panitia saat masuk.')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Gabung ke acara online' })).toHaveAttribute('href', 'https://meet.example.org/esai');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'public-eticket-375');
    await expect.poll(() => mailedTexts(email).length).toBeGreaterThan(0);
    expect(mailedLink(email, `/e/${event.id}/ticket/`)).toBe(`/e/${event.id}/ticket/${ticketCode}`);

    // The same email again, at 1280 px: told so, under the email too.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/e/${event.id}#daftar`);
    await fillParticipant(page, 'Rani Pratiwi', email);
    await page.getByLabel('Asal sekolah').fill('SMA 1');
    await page.getByRole('radio', { name: 'X', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Karier' }).check();
    await page.getByLabel('Foto diri').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png(200, 200) });
    await page.getByRole('button', { name: 'Daftar sekarang' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email ini sudah terdaftar untuk tiket ini. Cek e-tiket di kotak masuk email kamu');
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, 'public-register-1280');

    // The organizer finds the registrant (their answers, the photo among them) and the view.
    await signedIn(page);
    await page.goto(`/event/active/overview/${event.id}`);
    await page.getByRole('tab', { name: 'Participant' }).click();
    await expect(page.getByRole('cell', { name: 'Rani <b>Pratiwi</b>', exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Insight' }).click();
    await expect(page.getByRole('img', { name: /^Views .*: total [1-9]\d*$/ })).toBeVisible();
  });

  test('the form spends a solved challenge; when none can be had it says so, and the next try registers', async ({ page, request }) => {
    const event = await submit(request, await apiToken(request), payload(`Kelas Bukti Kerja ${Date.now()}`, { questions: [] }));
    await decide(request, event.id, { approvedStatus: 'approved' });
    await page.setViewportSize({ width: 375, height: 812 });
    // No challenge can be fetched: the form tries a fresh one once, then says why.
    let asked = 0;
    await page.route('**/v1/public/challenge', (route) => { asked++; return route.abort(); });
    await page.goto(`/e/${event.id}#daftar`);
    await fillParticipant(page, 'Dimas Saputra', `bukti-${Date.now()}@contoh.id`, 'Laki-laki');
    await page.getByRole('button', { name: 'Daftar sekarang' }).click();
    await expect(page.getByRole('alert')).toHaveText(PROOF_OF_WORK_MSG.required);
    expect(asked).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'public-register-pow-failed-375');

    // The challenge route is back: the registration carries its solution and opens the e-ticket.
    await page.unroute('**/v1/public/challenge');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/registrations'));
    await page.getByRole('button', { name: 'Daftar sekarang' }).click();
    const body = (await sent).postDataJSON() as { altcha?: string };
    const proof = JSON.parse(Buffer.from(body.altcha ?? '', 'base64').toString()) as { challenge: { signature: string }; solution: { counter: number } };
    expect(proof.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(proof.solution.counter).toBeGreaterThan(0);
    await expect(page).toHaveURL(new RegExp(`/e/${event.id}/ticket/[A-Za-z0-9_-]+\\?baru=1$`));
  });

  test('a participant who lost the e-ticket mail asks for it again on the event page at 375 px, and it arrives', async ({ page, request }) => {
    const event = await submit(request, await apiToken(request), payload(`Kelas Kirim Ulang ${Date.now()}`, { questions: [] }));
    await decide(request, event.id, { approvedStatus: 'approved' });
    await page.setViewportSize({ width: 375, height: 812 });
    const email = `ulang-${Date.now()}@contoh.id`;
    await page.goto(`/e/${event.id}#daftar`);
    await fillParticipant(page, 'Putri Lestari', email);
    await page.getByRole('button', { name: 'Daftar sekarang' }).click();
    await expect(page).toHaveURL(new RegExp(`/e/${event.id}/ticket/[A-Za-z0-9_-]+\\?baru=1$`));
    const ticketCode = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await expect.poll(() => mailedTexts(email).length).toBe(1);

    // Back on the event page: the form below the registration, the address typed as people do (another case).
    await page.goto(`/e/${event.id}`);
    await expect(page.getByRole('heading', { name: PUBLIC_RESEND_TEXT.heading })).toBeVisible();
    await page.getByLabel(PUBLIC_RESEND_TEXT.email).fill(email.toUpperCase());
    const sent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/v1/public/events/${event.id}/tickets/resend`));
    await page.getByRole('button', { name: PUBLIC_RESEND_TEXT.submit }).click();
    expect((await sent).status()).toBe(202);
    await expect(page.getByRole('status').filter({ hasText: PUBLIC_RESEND_TEXT.sent })).toBeVisible();
    await screenshot(page, 'public-resend-375');

    // The same e-ticket mail a second time, with the same ticket's link.
    await expect.poll(() => mailedTexts(email).length).toBe(2);
    for (const text of mailedTexts(email)) expect(text).toContain(`/e/${event.id}/ticket/${ticketCode}`);
  });

  test('the twibbon maker waits for its frame, shows the picture being prepared and downloads a 1080 × 1080 JPEG, counted', async ({ page }) => {
    // The frame held back, as on a slow line: the page says it is loading and offers no download.
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/*', async (route) => {
      if (route.request().resourceType() === 'image') await held;
      await route.fallback();
    });
    // Not waiting for `load`: that waits for the frame.
    await page.goto('/t/cerdas-finansial', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Buat Twibbon' })).toBeVisible();
    const status = page.getByRole('status');
    await expect(status).toHaveText(PUBLIC_TWIBBON_TEXT.frameLoading);
    await page.getByLabel('Pilih foto').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png(640, 480) });
    await expect(page.getByLabel(PUBLIC_TWIBBON_TEXT.zoom)).toBeEnabled();
    await expect(status).toHaveText(PUBLIC_TWIBBON_TEXT.frameLoading);
    const downloadButton = page.getByRole('button', { name: PUBLIC_TWIBBON_TEXT.download });
    await expect(downloadButton).toBeDisabled();
    release();
    await expect(downloadButton).toBeEnabled();
    await expect(status).toHaveText('');
    await screenshot(page, 'twibbon-maker-1280');
    // Every state the status line and the button pass through, however briefly.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const button = document.getElementById('tw-download')!;
      const note = () => seen.push(`${document.getElementById('tw-status')!.textContent}|busy=${button.getAttribute('aria-busy')}|disabled=${String((button as HTMLButtonElement).disabled)}`);
      new MutationObserver(note).observe(document.getElementById('maker')!, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const download = page.waitForEvent('download');
    const counted = page.waitForResponse((r) => r.url().endsWith('/v1/public/twibbons/cerdas-finansial/uses'));
    await downloadButton.click();
    const file = readFileSync(await (await download).path());
    expect((await download).suggestedFilename()).toBe('twibbon-cerdas-finansial.jpg');
    expect(jpegSize(file)).toEqual({ width: 1080, height: 1080 });
    expect((await counted).status()).toBe(204);
    await expect(status).toHaveText(PUBLIC_TWIBBON_TEXT.downloaded);
    await expect(downloadButton).toBeEnabled();
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen).toContain(`${PUBLIC_TWIBBON_TEXT.preparing}|busy=true|disabled=true`);
    expect(seen.at(-1)).toBe(`${PUBLIC_TWIBBON_TEXT.downloaded}|busy=false|disabled=false`);
  });
});
