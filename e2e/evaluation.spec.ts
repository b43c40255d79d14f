import { expect, test } from '@playwright/test';
import { EVALUATION_MSG, EVALUATION_TEXT as T, fill } from '@eo/contract';
import { apiToken, screenshot, signedIn } from './helpers';
import { decide, payload, registerPublic, submit } from './event-api';

/** The organizer builds an event's evaluation form on its overview and saves it. */
test('the organizer adds questions to the Evaluasi tab and saves them', async ({ page, request }) => {
  const token = await apiToken(request);
  const event = await submit(request, token, payload(`Kelas Evaluasi ${Date.now()}`));
  await decide(request, event.id, { approvedStatus: 'approved' });

  await signedIn(page);
  await page.goto(`/event/active/overview/${event.id}?tab=evaluation`);
  await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
  await expect(page.getByText(T.empty)).toHaveCount(0);

  await page.getByRole('button', { name: T.addQuestion }).click();
  await page.getByRole('textbox', { name: 'Pertanyaan 1', exact: true }).fill('Seberapa puas kamu dengan kelasnya?');
  await page.getByRole('button', { name: T.addQuestion }).click();
  await page.getByRole('combobox', { name: 'Jenis pertanyaan 2' }).click();
  await page.getByTitle(T.types.radio).click();
  await page.getByRole('textbox', { name: 'Pertanyaan 2', exact: true }).fill('Sesi mana yang paling berguna?');
  await page.getByRole('textbox', { name: 'Pilihan 1 pertanyaan 2', exact: true }).fill('Pagi');
  await page.getByRole('textbox', { name: 'Pilihan 2 pertanyaan 2', exact: true }).fill('Sore');
  await page.getByRole('button', { name: T.save }).click();
  await expect(page.getByText(EVALUATION_MSG.saved)).toBeVisible();
  // At 375 px the overview lays its tab out again: the saved form, its fields stacked.
  await screenshot(page, 'evaluation-saved-1280');

  // A label emptied again is caught before anything is sent.
  await page.getByRole('textbox', { name: 'Pertanyaan 1', exact: true }).fill('');
  await page.getByRole('button', { name: T.save }).click();
  await expect(page.getByText(EVALUATION_MSG.label)).toBeVisible();
  await screenshot(page, 'evaluation-errors-1280');
});

/** Three participants answer by their e-tickets; the organizer reads the summary on the tab. */
test('the organizer sees the answers summed up, a bar per value', async ({ page, request }) => {
  const token = await apiToken(request);
  const event = await submit(request, token, payload(`Kelas Ringkasan ${Date.now()}`, { questions: [] }));
  await decide(request, event.id, { approvedStatus: 'approved' });
  // Open now (the default would open when the event starts, days away).
  const form = await request.put(`/v1/events/${event.id}/evaluation`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      questions: [
        { type: 'rating', label: 'Seberapa puas kamu?', isRequired: true },
        { type: 'nps', label: 'Seberapa mungkin kamu merekomendasikan kelas ini?', isRequired: true },
        { type: 'text', label: 'Saran untuk panitia', isRequired: false },
      ],
      opensAt: new Date(Date.now() - 3_600_000).toISOString(), closesAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  expect(form.status()).toBe(200);
  const [rating, nps, text] = (await form.json()).data.result.questions as { id: string }[];
  const given: [number, number, string | null][] = [[5, 10, 'Materinya padat'], [4, 8, null], [4, 3, 'Ruangannya panas']];
  for (const [i, [stars, score, note]] of given.entries()) {
    const reg = await registerPublic(request, event.id, {
      ticketId: event.tickets[0]!.id, participant: { name: `Peserta ${i + 1}`, email: `ringkasan-${event.id.slice(0, 8)}-${i}@contoh.id`, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' },
    });
    expect(reg.status()).toBe(201);
    const code = (await reg.json()).data.result.ticketCode as string;
    const answers = [{ questionId: rating!.id, value: stars }, { questionId: nps!.id, value: score }, ...(note ? [{ questionId: text!.id, value: note }] : [])];
    expect((await request.post(`/v1/public/tickets/${code}/evaluation`, { data: { answers } })).status()).toBe(201);
  }

  await signedIn(page);
  await page.goto(`/event/active/overview/${event.id}?tab=evaluation`);
  await expect(page.getByText(fill(T.rate, { answers: 3, participants: 3, rate: 100 }))).toBeVisible();
  const bars = page.getByRole('list', { name: fill(T.distribution, { label: 'Seberapa puas kamu?' }) }).getByRole('listitem');
  await expect(bars).toHaveCount(5);
  await expect(bars.nth(3)).toHaveAccessibleName('4: 2');
  await expect(page.getByText(`${fill(T.nps, { score: 0 })} · ${fill(T.npsParts, { promoters: 1, passives: 1, detractors: 1 })}`)).toBeVisible();
  await expect(page.getByText('Ruangannya panas')).toBeVisible();
  await page.getByText(T.summary).scrollIntoViewIfNeeded();
  await screenshot(page, 'evaluation-summary-1280');
});
