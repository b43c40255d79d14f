import { deflateSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiGet, apiToken, mailedLink, screenshot } from './helpers';

/**
 * Issue 17, the public side so far: the event page a link is shared to, the e-ticket page its
 * registration mails, and the twibbon maker. No sign-in anywhere.
 */
const WEBINAR = 'Webinar Nasional: Cerdas Mengelola Keuangan di Usia Muda';

async function eventId(request: APIRequestContext, name: string) {
  const token = await apiToken(request);
  const filters = encodeURIComponent(JSON.stringify({ name }));
  return (await apiGet(request, `/v1/events/lists?filters=${filters}`, token)).data.docs[0].id as string;
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
    await page.goto(`/e/${id}`);
    await expect(page.getByRole('heading', { name: WEBINAR, level: 1 })).toBeVisible();
    expect(await page.locator('script').count()).toBe(0);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(WEBINAR.slice(0, 20)));
    await screenshot(page, 'public-event-1280');

    // Registered through the public API (the page's form is the next step of issue 17).
    const event = (await (await request.get(`/v1/public/events/${id}`)).json()).data.result;
    const answers = (event.questions as { id: string; kind: string; isRequired: boolean; options: string[] }[])
      .filter((q) => q.isRequired)
      .map((q) => ({ questionId: q.id, value: q.kind === 'radio' ? q.options[0]! : q.kind === 'checkbox' ? [q.options[0]!] : 'Belajar mengatur uang saku' }));
    const email = `peserta-${Date.now()}@contoh.id`;
    const res = await request.post(`/v1/public/events/${id}/registrations`, {
      data: { ticketId: event.tickets[0].id, participant: { name: 'Rani Pratiwi', email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' }, answers },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { ticketCode } = (await res.json()).data.result;

    const link = mailedLink(email, `/e/${id}/ticket/`);
    expect(link).toBe(`/e/${id}/ticket/${ticketCode}`);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: WEBINAR, level: 1 })).toBeVisible();
    await expect(page.getByText('Rani Pratiwi')).toBeVisible();
    await expect(page.getByRole('img', { name: `Kode QR tiket ${ticketCode}` })).toBeVisible();
    await screenshot(page, 'eticket-1280');
    const calendar = await request.get(`${link}/calendar.ics`);
    expect(calendar.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await calendar.text()).toContain('BEGIN:VEVENT');
  });

  test('the twibbon maker puts a photo under the frame and downloads a 1080 × 1080 PNG, counted', async ({ page }) => {
    await page.goto('/t/cerdas-finansial');
    await expect(page.getByRole('heading', { name: 'Buat Twibbon' })).toBeVisible();
    await page.getByLabel('Pilih foto').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png(640, 480) });
    const download = page.waitForEvent('download');
    const counted = page.waitForResponse((r) => r.url().endsWith('/v1/public/twibbons/cerdas-finansial/uses'));
    await expect(page.getByRole('button', { name: 'Unduh Twibbon' })).toBeEnabled();
    await screenshot(page, 'twibbon-maker-1280');
    await page.getByRole('button', { name: 'Unduh Twibbon' }).click();
    const file = readFileSync(await (await download).path());
    // A PNG's IHDR: width and height at bytes 16 and 20.
    expect(file.subarray(1, 4).toString()).toBe('PNG');
    expect([file.readUInt32BE(16), file.readUInt32BE(20)]).toEqual([1080, 1080]);
    expect((await counted).status()).toBe(204);
  });
});
