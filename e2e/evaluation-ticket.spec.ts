import { expect, test, type Browser, type Page } from '@playwright/test';
import { EVALUATION_MSG, EVALUATION_PAGE_TEXT as T } from '@eo/contract';
import { apiToken, screenshot } from './helpers';
import { decide, payload, registerPublic, submit } from './event-api';

/**
 * Participants answer the evaluation on their e-ticket page: one at a desk (1280 px), one on a
 * phone (375 px); the organizer's summary counts both.
 */
const PHONE = { width: 375, height: 812 };

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
  return context.newPage();
}

test('a participant answers the evaluation on the e-ticket page, at a desk and on a phone', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const token = await apiToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const event = await submit(request, token, payload(`Kelas Evaluasi Tiket ${stamp}`, { questions: [] }));
  await decide(request, event.id, { approvedStatus: 'approved' });
  // Open now (the default opens when the event starts, days away).
  const form = await request.put(`/v1/events/${event.id}/evaluation`, {
    headers: auth,
    data: {
      questions: [
        { type: 'rating', label: 'Seberapa puas kamu dengan kelasnya?', isRequired: true },
        { type: 'nps', label: 'Seberapa mungkin kamu merekomendasikan kelas ini?', isRequired: true },
        { type: 'radio', label: 'Sesi mana yang paling berguna?', isRequired: false, options: ['Pagi', 'Sore'] },
        { type: 'checkbox', label: 'Apa yang perlu ditingkatkan?', isRequired: false, options: ['Waktu', 'Materi', 'Tempat'] },
        { type: 'text', label: 'Saran untuk panitia', isRequired: false },
      ],
      opensAt: new Date(stamp - 3_600_000).toISOString(), closesAt: new Date(stamp + 3_600_000).toISOString(),
    },
  });
  expect(form.status(), await form.text()).toBe(200);
  const codes: string[] = [];
  for (const who of ['desk', 'phone']) {
    const reg = await registerPublic(request, event.id, {
      ticketId: event.tickets[0]!.id, participant: { name: `Peserta ${who}`, email: `evaluasi-${who}-${stamp}@contoh.id`, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' },
    });
    expect(reg.status(), await reg.text()).toBe(201);
    codes.push((await reg.json()).data.result.ticketCode);
  }

  // At a desk: sent blank first, the required questions say so under them.
  const desk = await newPage(browser, { width: 1280, height: 800 });
  await desk.goto(`/e/${event.id}/ticket/${codes[0]}#evaluasi`);
  await expect(desk.getByRole('heading', { name: T.title, exact: true })).toBeVisible();
  await desk.getByRole('button', { name: T.submit }).click();
  const rating = desk.getByRole('group', { name: /^Seberapa puas kamu dengan kelasnya\?/ });
  await expect(rating.getByText(EVALUATION_MSG.required)).toBeVisible();
  await expect(desk.getByRole('group', { name: /^Seberapa mungkin/ }).getByText(EVALUATION_MSG.required)).toBeVisible();
  await expect(desk.getByText(T.fix)).toBeVisible();
  await desk.locator('#evaluasi').scrollIntoViewIfNeeded();
  await screenshot(desk, 'evaluation-ticket-errors-1280');

  await rating.getByLabel('4', { exact: true }).check();
  await expect(rating.getByText(EVALUATION_MSG.required)).toHaveCount(0);
  await desk.getByRole('group', { name: /^Seberapa mungkin/ }).getByLabel('9', { exact: true }).check();
  await desk.getByRole('group', { name: /^Sesi mana/ }).getByLabel('Sore').check();
  await desk.getByRole('group', { name: /^Apa yang perlu/ }).getByLabel('Waktu').check();
  await desk.getByRole('group', { name: /^Apa yang perlu/ }).getByLabel('Tempat').check();
  await desk.getByLabel('Saran untuk panitia').fill('Tambah sesi tanya jawab');
  await expect(desk.getByText(T.fix)).toBeHidden();
  await screenshot(desk, 'evaluation-ticket-filled-1280');
  await desk.getByRole('button', { name: T.submit }).click();
  await expect(desk.getByRole('status')).toHaveText(EVALUATION_MSG.answered);
  await expect(desk.getByRole('button', { name: T.submit })).toHaveCount(0);
  // Opened again later, the page says it was answered instead of asking.
  await desk.reload();
  await expect(desk.getByText(EVALUATION_MSG.alreadyAnswered)).toBeVisible();
  await expect(desk.getByRole('button', { name: T.submit })).toHaveCount(0);
  await desk.context().close();

  // On a phone: the scales are rows of large targets, tapped.
  const phone = await newPage(browser, PHONE);
  await phone.goto(`/e/${event.id}/ticket/${codes[1]}#evaluasi`);
  const stars = phone.getByRole('group', { name: /^Seberapa puas/ }).getByLabel('5', { exact: true });
  // The label around the hidden-looking input is the target.
  const box = await stars.locator('..').boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await stars.click();
  await phone.getByRole('group', { name: /^Seberapa mungkin/ }).getByLabel('10', { exact: true }).click();
  await phone.locator('#evaluasi').scrollIntoViewIfNeeded();
  await screenshot(phone, 'evaluation-ticket-375');
  await phone.getByRole('button', { name: T.submit }).click();
  await expect(phone.getByRole('status')).toHaveText(EVALUATION_MSG.answered);
  await screenshot(phone, 'evaluation-ticket-sent-375');
  await phone.context().close();

  // What they sent is what the organizer reads.
  const summary = (await (await request.get(`/v1/events/${event.id}/evaluation/summary`, { headers: auth })).json()).data.result;
  expect(summary.answers).toBe(2);
  expect(summary.questions[0].distribution.filter((d: { count: number }) => d.count).map((d: { value: string }) => d.value)).toEqual(['4', '5']);
  expect(summary.questions[3].distribution.map((d: { count: number }) => d.count)).toEqual([1, 0, 1]);
  expect(summary.questions[4].latest.map((x: { text: string }) => x.text)).toEqual(['Tambah sesi tanya jawab']);
});
