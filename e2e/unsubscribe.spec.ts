import { expect, test } from '@playwright/test';
import { BROADCAST_MSG as M, fill } from '@eo/contract';
import { decide, payload, registerPublic, submit } from './event-api';
import { apiToken, mailedHeader, mailedLink, mailedTexts, screenshot } from './helpers';

/**
 * The unsubscribe link of a real announcement to long addresses (a link carrying such an address
 * would pass the router's default parameter limit): opened in the browser it asks, and the
 * button opts out; the mail's List-Unsubscribe takes the one-click POST of RFC 8058; the next
 * announcement reaches neither address, only the one that stayed.
 */
test.describe('unsubscribe at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('from a real mail: the page asks, the button opts out, the one-click POST too, the next mail skips both', async ({ page, request }) => {
    // A fresh server first works through the demo seed's e-ticket mails.
    test.setTimeout(300_000);
    const stamp = Date.now();
    const long = (who: string) => `peserta.${who}.dengan.alamat.surel.panjang.${stamp}@fakultas-teknik.universitas-contoh.ac.id`;
    const [browserOne, clientOne, stays] = [long('peramban'), long('klien'), `tetap-${stamp}@contoh.id`];
    const token = await apiToken(request);
    const event = await submit(request, token, payload(`Seminar Berhenti ${stamp}`, { questions: [] }));
    await decide(request, event.id, { approvedStatus: 'approved' });
    for (const email of [browserOne, clientOne, stays]) {
      const res = await registerPublic(request, event.id, { ticketId: event.tickets[0]!.id, participant: { name: 'Peserta Surel', email, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' } });
      expect(res.status(), await res.text()).toBe(201);
    }
    /** Sends an announcement to everyone and waits until it has gone out; how many it reached. */
    const announce = async (subject: string) => {
      const headers = { authorization: `Bearer ${token}` };
      const res = await request.post(`/v1/events/${event.id}/messages`, { headers, data: { subject, body: 'Kabar acara untuk {nama}' } });
      expect(res.status(), await res.text()).toBe(201);
      const url = `/v1/events/${event.id}/messages/${(await res.json()).data.result.id}`;
      let sent = 0;
      await expect.poll(async () => {
        const { status, counts } = (await (await request.get(url, { headers })).json()).data.result;
        sent = counts.sent;
        return status;
      }, { timeout: 120_000 }).toBe('sent');
      return sent;
    };
    const announced = (email: string) => mailedTexts(email).filter((t) => t.startsWith('Kabar acara untuk Peserta Surel')).length;
    expect(await announce('Info pertama')).toBe(3);
    expect([browserOne, clientOne, stays].map(announced)).toEqual([1, 1, 1]);

    // The footer's link, opened as a person would: the page asks first.
    const link = mailedLink(browserOne, '/u/');
    expect(link).toMatch(/^\/u\/[A-Za-z0-9_-]{38}$/);
    const asked = await page.goto(link);
    expect(asked!.status()).toBe(200);
    await expect(page.getByRole('heading', { name: M.unsubscribeTitle })).toBeVisible();
    const organizer = (/dari (.+) di /.exec(await page.getByText(/^Berhenti menerima pengumuman dari /).innerText()))![1]!;
    await expect(page.getByText(fill(M.unsubscribeAsk, { organizer, email: browserOne }))).toBeVisible();
    await screenshot(page, 'unsubscribe-ask-375');
    await page.getByRole('button', { name: M.unsubscribeButton }).click();
    await expect(page.getByRole('status')).toHaveText(fill(M.unsubscribed, { organizer, email: browserOne }));
    await screenshot(page, 'unsubscribe-done-375');

    // The mail's own headers, as a mail client uses them (RFC 8058).
    expect(mailedHeader(clientOne, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const header = mailedHeader(clientOne, 'List-Unsubscribe')!;
    expect(header).toMatch(/^<https?:\/\/\S+\/u\/[A-Za-z0-9_-]{38}>$/);
    expect(header).not.toContain('peserta');
    const oneClick = await request.post(new URL(header.slice(1, -1)).pathname, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(oneClick.status()).toBe(200);
    expect(await oneClick.text()).toContain(fill(M.unsubscribed, { organizer, email: clientOne }));

    expect(await announce('Info kedua')).toBe(1);
    expect([browserOne, clientOne, stays].map(announced)).toEqual([1, 1, 2]);
  });
});
