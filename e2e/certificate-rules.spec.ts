import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  ATTENDANCE_TEXT as A, CERT_FIELD_NAMES, CERT_MSG, CERT_RULES_MSG as R, CERT_TEXT, CHECKIN_TEXT as D, EVALUATION_MSG,
  EVALUATION_PAGE_TEXT as P, EVALUATION_TEXT as E, fill, OVERVIEW_TEXT, SESSION_TEXT as S, TICKET_CERT_TEXT as C,
} from '@eo/contract';
import { decide, payload, registerPublic, submit } from './event-api';
import { apiToken, fixtureDir, screenshot, signedIn } from './helpers';
import { expectStep, pickDate, pickerDay, pickTime } from './wizard-helpers';

/**
 * A certificate by rules, from the organizer's screens to the participant's phone: the event
 * gets two sessions in the wizard and an evaluation form on its overview; two people register;
 * at the door (375 px) Ayu is checked in to one session, Bima to the other; Ayu's second session
 * comes through the API. The organizer makes a certificate for those who attended both sessions
 * and answered the evaluation, and publishes it while nobody qualifies. Ayu's e-ticket says the
 * evaluation is missing; she answers it there, the late issue runs, and she downloads the PDF.
 * Bima's says both are missing. The organizer reads Ayu's answer in the summary.
 */
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const SESSIONS = ['Sesi 1: Pembukaan', 'Sesi 2: Lokakarya'];
const QUESTION = 'Seberapa puas kamu dengan kelasnya?';

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL, viewport, locale: 'id-ID', timezoneId: 'Asia/Jakarta', reducedMotion: 'reduce',
  });
  return context.newPage();
}

/** A light landscape template on disk, as an organizer would have it. */
async function templateFile(): Promise<string> {
  const file = path.join(fixtureDir('eo-e2e-rules-'), 'template.png');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1414"><rect width="100%" height="100%" fill="#f4f9ff"/>
    <rect x="60" y="60" width="1880" height="1294" fill="none" stroke="#1d4ed8" stroke-width="16"/></svg>`;
  writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

async function pick(page: Page, label: string, option: string, type?: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.click();
  if (type) await box.fill(type);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test('a certificate for those who attended both sessions and answered the evaluation', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const name = `Kelas Sertifikat Bersyarat ${stamp}`;
  const token = await apiToken(request);
  const auth = { authorization: `Bearer ${token}` };
  // The event as submitted and approved; what the story is about is done on its screens.
  const event = await submit(request, token, payload(name, { questions: [] }));
  await decide(request, event.id, { approvedStatus: 'approved' });
  const day = pickerDay(30);

  // 1. Two sessions, added in the wizard's Sesi editor, inside the category's 09:00–12:00.
  const desk = await newPage(browser, DESKTOP);
  await signedIn(desk);
  await desk.goto(`/event/edit/${event.id}`);
  await expect(desk.getByLabel('Nama Event')).toHaveValue(name);
  await desk.getByRole('button', { name: /Registration & Deadline/ }).click();
  await expect(desk.getByRole('heading', { name: S.title, exact: true })).toBeVisible();
  for (const [i, [session, start, end]] of [[SESSIONS[0]!, '09:00', '10:00'], [SESSIONS[1]!, '10:30', '12:00']].entries()) {
    const n = i + 1;
    await desk.getByRole('button', { name: S.add }).click();
    await desk.getByLabel(S.nameOf(n), { exact: true }).fill(session);
    await pickDate(desk, desk.getByLabel(S.dateOf(n)), day);
    await pickTime(desk, desk.getByLabel(S.startOf(n)), start);
    await pickTime(desk, desk.getByLabel(S.endOf(n)), end);
    await expect(desk.getByRole('button', { name: S.remove(session) })).toBeVisible();
  }
  await desk.getByRole('button', { name: /Review/ }).click();
  await expectStep(desk, 'Review');
  await expect(desk.getByText(new RegExp(SESSIONS[1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeVisible();
  await desk.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(desk.getByText('Edit Event Success!')).toBeVisible();
  await expect(desk).toHaveURL(new RegExp(`/event/active/overview/${event.id}$`));
  const detail = (await (await request.get(`/v1/events/detail?id=${event.id}`, { headers: auth })).json()).data.result;
  // Sessions apply at once: the event stays approved, its registration open.
  expect(detail.approvedStatus).toBe('approved');
  expect(detail.sessions.map((s: { name: string; startsAt: string }) => [s.name, s.startsAt])).toEqual([
    [SESSIONS[0], new Date(`${day}T09:00:00+07:00`).toISOString()], [SESSIONS[1], new Date(`${day}T10:30:00+07:00`).toISOString()],
  ]);
  const sessionIds = (detail.sessions as { id: string }[]).map((s) => s.id);

  // The evaluation form on the overview's Evaluasi tab, open from today (it would open as the last session starts).
  await desk.goto(`/event/active/overview/${event.id}?tab=evaluation`);
  await expect(desk.getByRole('tab', { name: OVERVIEW_TEXT.tabs.evaluation, selected: true })).toBeVisible();
  await desk.getByRole('button', { name: E.addQuestion }).click();
  await desk.getByRole('textbox', { name: fill(E.questionOf, { n: 1 }), exact: true }).fill(QUESTION);
  await pickDate(desk, desk.getByLabel(fill(E.dateOf, { field: E.opensAt })), pickerDay(0));
  await desk.getByRole('button', { name: E.save }).click();
  await expect(desk.getByText(EVALUATION_MSG.saved)).toBeVisible();

  // 2. Two participants register on the public form's API.
  const people = ['Ayu Lestari', 'Bima Sakti'];
  const codes: string[] = [];
  for (const [i, person] of people.entries()) {
    const res = await registerPublic(request, event.id, {
      ticketId: event.tickets[0]!.id,
      participant: { name: person, email: `bersyarat-${stamp}-${i}@contoh.id`, phoneNumber: '+6281234567890', lastEducation: 'S1', gender: 'Perempuan' },
    });
    expect(res.status(), await res.text()).toBe(201);
    codes.push((await res.json()).data.result.ticketCode as string);
  }
  const [ayu, bima] = codes as [string, string];

  // 3. At the door on a phone: the session picked, the code typed.
  const door = await newPage(browser, PHONE);
  await signedIn(door);
  await door.goto(`/event/${event.id}/checkin`);
  await expect(door.getByRole('heading', { name: D.title, exact: true })).toBeVisible();
  const picker = door.getByRole('combobox', { name: D.session });
  const result = door.getByRole('status').filter({ hasText: /check-in|Kode|Tiket|masuk/ });
  const checkIn = async (session: string, code: string, who: string) => {
    await picker.click();
    await door.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: session }).click();
    await expect(door.locator('.checkin-session-select')).toContainText(session);
    await door.getByLabel(D.code).fill(code);
    await door.getByRole('button', { name: D.check }).click();
    await expect(result).toContainText(D.ok);
    await expect(result).toContainText(who);
  };
  await checkIn(SESSIONS[1]!, ayu, people[0]!);
  await expect(door.getByText(fill(D.sessionCount, { checkedIn: 1, registered: 2 }))).toBeVisible();
  await screenshot(door, 'certificate-rules-door-375');
  await checkIn(SESSIONS[0]!, bima, people[1]!);
  await expect(door.getByText(fill(D.sessionCount, { checkedIn: 1, registered: 2 }))).toBeVisible();
  await door.context().close();
  // Ayu's first session through the API, as another scanner would send it.
  const res = await request.post(`/v1/events/${event.id}/checkins`, { headers: auth, data: { code: ayu, sessionId: sessionIds[0] } });
  expect(res.status(), await res.text()).toBe(201);

  // The certificate for those meeting both rules: its live count first with one rule, then both.
  const template = await templateFile();
  await desk.goto('/certificate');
  await desk.getByRole('button', { name: CERT_TEXT.newCertificate }).click();
  await expect(desk.getByRole('heading', { name: CERT_TEXT.create })).toBeVisible();
  await desk.getByLabel(CERT_TEXT.template).setInputFiles(template);
  await expect(desk.getByRole('button', { name: CERT_TEXT.changeTemplate })).toBeVisible();
  await pick(desk, CERT_FIELD_NAMES.event, name, 'Bersyarat');
  await pick(desk, CERT_TEXT.recipientType, R.option);
  await expect(desk.getByText(R.missingRules)).toBeVisible();
  await desk.getByLabel(R.minSessions).fill('2');
  await expect(desk.getByText(fill(R.count, { n: 1 }))).toBeVisible();
  await desk.getByLabel(R.evaluationRequired).check();
  await expect(desk.getByText(fill(R.count, { n: 0 }))).toBeVisible();
  await desk.getByLabel(CERT_TEXT.number, { exact: true }).fill('SESI-E2E');
  await screenshot(desk, 'certificate-rules-form-1280');
  // Nobody qualifies yet: published anyway, whoever qualifies later gets theirs.
  await desk.getByRole('button', { name: CERT_TEXT.publish }).click();
  const confirm = desk.getByRole('dialog', { name: CERT_MSG.publishTitle });
  await confirm.getByRole('button', { name: CERT_TEXT.publish }).click();
  await expect(desk.getByText(CERT_MSG.created)).toBeVisible();
  await expect(desk).toHaveURL(/\/certificate$/);
  const row = desk.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText(R.groupName)).toBeVisible();
  await expect(row.getByText('Published', { exact: true })).toBeVisible({ timeout: 30_000 });

  // 4. Ayu's e-ticket on her phone: both sessions attended, the evaluation missing.
  const phone = await newPage(browser, PHONE);
  await phone.goto(`/e/${event.id}/ticket/${ayu}`);
  const sessions = phone.locator('#sesi');
  await expect(sessions.getByRole('heading', { name: A.sessions })).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveText([new RegExp(`${SESSIONS[0]}.*${A.attended}$`), new RegExp(`${SESSIONS[1]}.*${A.attended}$`)]);
  const certs = phone.locator('#sertifikat');
  await expect(certs.getByRole('heading', { name: C.title })).toBeVisible();
  await expect(certs).toContainText(`${name} · ${R.groupName}`);
  await expect(certs).toContainText(`${C.notYet}. ${fill(C.needs, { items: C.evaluation })}`);
  await expect(certs.getByRole('link', { name: C.download })).toHaveCount(0);
  await screenshot(phone, 'certificate-rules-ticket-missing-375');

  // She answers the evaluation on the page.
  const rating = phone.getByRole('group', { name: new RegExp(`^${QUESTION.replace('?', '\\?')}`) });
  await rating.getByLabel('5', { exact: true }).click();
  await phone.getByRole('button', { name: P.submit }).click();
  await expect(phone.getByRole('status')).toHaveText(EVALUATION_MSG.answered);
  // The section no longer asks for what was just sent: nothing else is missing, it is on its way.
  await expect(certs).toContainText(`${C.notYet}. ${C.processing}`);
  await expect(certs).not.toContainText(C.evaluation);
  await screenshot(phone, 'certificate-rules-evaluation-sent-375');

  // The worker issues it late: ready within a bounded wait, then on the page.
  await expect.poll(async () => {
    const list = (await (await request.get(`/v1/public/tickets/${ayu}/certificates`)).json()).data.result as { status: string }[];
    return list.map((c) => c.status);
  }, { timeout: 60_000, intervals: [500, 1000, 2000] }).toEqual(['ready']);
  await phone.reload();
  const download = certs.getByRole('link', { name: C.download });
  await expect(download).toBeVisible();
  await expect(certs).not.toContainText(C.notYet);
  await screenshot(phone, 'certificate-rules-ticket-ready-375');
  const href = await download.getAttribute('href');
  const pdf = await request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);
  const saving = phone.waitForEvent('download');
  await download.click();
  const file = await (await saving).path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect((await saving).suggestedFilename()).toMatch(/^Sertifikat-SESI-E2E.*\.pdf$/);
  await phone.context().close();

  // 5. Bima's e-ticket: one session of two, no evaluation; both said.
  const other = await newPage(browser, PHONE);
  await other.goto(`/e/${event.id}/ticket/${bima}`);
  await expect(other.locator('#sesi').getByRole('listitem')).toHaveText([new RegExp(`${A.attended}$`), new RegExp(`${A.notAttended}$`)]);
  // Each mark on one line at 375 px, "Belum hadir" as much as "Hadir".
  const marks = other.locator('#sesi .mark');
  const [attended, absent] = [await marks.nth(0).boundingBox(), await marks.nth(1).boundingBox()];
  expect(absent!.height).toBeLessThan(attended!.height * 1.5);
  await expect(other.locator('#sertifikat')).toContainText(fill(C.needs, { items: `${C.evaluation}, ${fill(C.sessions, { n: 2 })}` }));
  await expect(other.locator('#sertifikat').getByRole('link', { name: C.download })).toHaveCount(0);
  await screenshot(other, 'certificate-rules-ticket-both-missing-375');
  await other.context().close();

  // 6. The organizer reads Ayu's answer in the summary.
  await desk.goto(`/event/active/overview/${event.id}?tab=evaluation`);
  await expect(desk.getByText(fill(E.rate, { answers: 1, participants: 2, rate: 50 }))).toBeVisible();
  const bars = desk.getByRole('list', { name: fill(E.distribution, { label: QUESTION }) }).getByRole('listitem');
  await expect(bars).toHaveCount(5);
  await expect(bars.nth(4)).toHaveAccessibleName(fill(E.valueCount, { value: 5, count: 1 }));
  await expect(bars.nth(0)).toHaveAccessibleName(fill(E.valueCount, { value: 1, count: 0 }));
  // The question's tags stand apart.
  const tags = desk.getByRole('list', { name: E.questions }).locator('.ant-tag');
  await expect(tags).toHaveText([E.types.rating, E.required]);
  const [first, second] = [await tags.nth(0).boundingBox(), await tags.nth(1).boundingBox()];
  expect(second!.x - (first!.x + first!.width)).toBeGreaterThanOrEqual(4);
  await desk.getByText(E.summary).scrollIntoViewIfNeeded();
  await screenshot(desk, 'certificate-rules-evaluation-summary-1280');
  await desk.context().close();
});
