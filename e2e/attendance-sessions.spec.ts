import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DOWNLOAD_MSG, fill, OVERVIEW_TEXT, SESSION_ATTENDANCE_TEXT as T } from '@eo/contract';
import { decide, payload, registerPublic, submit } from './event-api';
import { apiToken, screenshot, signedIn } from './helpers';
import { pickerDay } from './wizard-helpers';

/**
 * Kehadiran: an event in two sessions, three participants registered on its public form and
 * checked in per session through the real API; the organizer reads the counts, filters those who
 * attended both sessions, and downloads that list.
 */
const PEOPLE = ['Ayu Lestari', 'Bima Sakti', 'Citra Dewi'];
const SESSIONS = ['Sesi 1: Pembukaan', 'Sesi 2: Lokakarya'];

async function eventInTwoSessions(request: APIRequestContext, token: string) {
  const day = pickerDay(30);
  const body = {
    ...payload(`Kelas Dua Sesi ${Date.now()}`, { questions: [] }),
    sessions: [
      { name: SESSIONS[0], startsAt: `${day}T09:00:00+07:00`, endsAt: `${day}T10:00:00+07:00` },
      { name: SESSIONS[1], startsAt: `${day}T10:30:00+07:00`, endsAt: `${day}T12:00:00+07:00` },
    ],
  };
  const event = await submit(request, token, body);
  await decide(request, event.id, { approvedStatus: 'approved' });
  const codes: string[] = [];
  for (const [i, name] of PEOPLE.entries()) {
    const res = await registerPublic(request, event.id, {
      ticketId: event.tickets[0]!.id,
      participant: { name, email: `sesi-${event.id.slice(0, 8)}-${i}@contoh.id`, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' },
    });
    expect(res.status(), await res.text()).toBe(201);
    codes.push((await res.json()).data.result.ticketCode as string);
  }
  const detail = await request.get(`/v1/events/detail?id=${event.id}`, { headers: { authorization: `Bearer ${token}` } });
  const sessionIds = ((await detail.json()).data.result.sessions as { id: string; name: string }[]).map((s) => s.id);
  return { id: event.id, codes, sessionIds };
}

test('the organizer reads who attended which session, filters and downloads it', async ({ page, request }) => {
  const token = await apiToken(request);
  const { id, codes, sessionIds } = await eventInTwoSessions(request, token);

  await signedIn(page);
  await page.goto(`/event/active/overview/${id}?tab=attendance`);
  await expect(page.getByRole('tab', { name: OVERVIEW_TEXT.tabs.attendance, selected: true })).toBeVisible();
  // Nobody has come yet: each session at 0 of 3, and the empty state instead of the table.
  await expect(page.getByText(T.empty)).toBeVisible();
  await expect(page.getByText(fill(T.attendedOf, { n: 0, total: 3, rate: 0 }))).toHaveCount(2);
  await expect(page.getByRole('table')).toHaveCount(0);
  await screenshot(page, 'attendance-sessions-empty-1280');

  // At the door: Ayu attends both sessions, Bima the first, Citra none.
  for (const [code, sessionId] of [[codes[0], sessionIds[0]], [codes[0], sessionIds[1]], [codes[1], sessionIds[0]]]) {
    const res = await request.post(`/v1/events/${id}/checkins`, { headers: { authorization: `Bearer ${token}` }, data: { code, sessionId } });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.reload();
  const sessions = page.getByRole('region', { name: T.sessions }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.nth(0)).toContainText(SESSIONS[0]!);
  await expect(sessions.nth(0)).toContainText(/\w+, \d+ \w+ \d{4} · 09:00–10:00 WIB/);
  await expect(sessions.nth(0)).toContainText(fill(T.attendedOf, { n: 2, total: 3, rate: 67 }));
  await expect(sessions.nth(1)).toContainText(/· 10:30–12:00 WIB/);
  await expect(sessions.nth(1)).toContainText(fill(T.attendedOf, { n: 1, total: 3, rate: 33 }));

  const table = page.getByRole('table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0).getByRole('cell')).toHaveText(['Ayu Lestari', /^sesi-.*-0@contoh\.id$/, '2 dari 2', T.present, T.present]);
  await expect(rows.nth(1).getByRole('cell')).toHaveText(['Bima Sakti', /@contoh\.id$/, '1 dari 2', T.present, `–${T.absent}`]);
  await expect(rows.nth(2).getByRole('cell')).toHaveText(['Citra Dewi', /@contoh\.id$/, '0 dari 2', `–${T.absent}`, `–${T.absent}`]);
  await screenshot(page, 'attendance-sessions-1280');

  // Those who attended both sessions; the address keeps the filter.
  await page.getByRole('combobox', { name: T.minSessions }).click();
  await page.getByTitle(fill(T.atLeast, { n: 2 })).click();
  await expect(page).toHaveURL(/[?&]min=2(&|$)/);
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0).getByRole('cell').first()).toHaveText('Ayu Lestari');
  await page.reload();
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);

  // The download holds the rows the filter shows, a column per session.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: T.csv }).click();
  const file = await (await download).path();
  await expect(page.getByText(DOWNLOAD_MSG.downloaded)).toBeVisible();
  expect((await download).suggestedFilename()).toMatch(/^kehadiran-.*\.csv$/);
  const lines = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines).toEqual([`Nama,Email,Sesi dihadiri,${SESSIONS.join(',')}`, expect.stringMatching(/^Ayu Lestari,sesi-.*-0@contoh\.id,2,Hadir,Hadir$/)]);
  await screenshot(page, 'attendance-sessions-filtered-1280');
});
