import { expect, test } from '@playwright/test';
import { EVALUATION_MSG, EVALUATION_TEXT as T } from '@eo/contract';
import { apiToken, screenshot, signIn } from './helpers';
import { decide, payload, submit } from './event-api';

/** The organizer builds an event's evaluation form on its overview and saves it. */
test('the organizer adds questions to the Evaluasi tab and saves them', async ({ page, request }) => {
  const token = await apiToken(request);
  const event = await submit(request, token, payload(`Kelas Evaluasi ${Date.now()}`));
  await decide(request, event.id, { approvedStatus: 'approved' });

  await page.goto('/login');
  await signIn(page);
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
