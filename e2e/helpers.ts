import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'demo-password';
export const ORGANIZER = 'organizer@demo.id';
const SHOTS = path.join(import.meta.dirname, 'screenshots');

/** Saves a full-page screenshot to e2e/screenshots/<name>.png (opened and checked by hand). */
export async function screenshot(page: Page, name: string, { full = true } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  // The viewport grows to the page's height instead of `fullPage`: Chromium's full-page capture
  // passes through a zero-width layout, which fires the mobile media queries mid-shot.
  const size = page.viewportSize();
  const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body.scrollHeight));
  // An open dialog is shot as it is: resizing under it re-runs its opening motion.
  const dialogOpen = (await page.locator('.ant-modal-wrap:visible').count()) > 0;
  // antd runs its opening motion from JS-set classes; shoot once they are gone.
  await page.waitForFunction(() => !document.querySelector('[class*="-appear"], [class*="-enter"]'), undefined, { timeout: 3000 }).catch(() => undefined);
  const grow = full && !dialogOpen && size !== null && height > size.height;
  if (grow) await page.setViewportSize({ width: size.width, height: Math.min(height, 6000) });
  // Finished animations, so a drawer or toast is captured where it comes to rest.
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
  if (grow) await page.setViewportSize(size);
}

/** Fills the login form; unless told otherwise, waits until the dashboard has taken over. */
export async function signIn(page: Page, email = ORGANIZER, password = PASSWORD, { expectSuccess = true } = {}) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  if (expectSuccess) await expect(page).not.toHaveURL(/\/login/);
}

/** A token straight from the API, for checking what the UI shows against what the API says. */
export async function apiToken(request: APIRequestContext, email = ORGANIZER) {
  const res = await request.post('/v1/login/email', { data: { email, password: PASSWORD, platform: 'eo_dashboard' } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.tokenData.token as string;
}

export async function apiGet(request: APIRequestContext, url: string, token: string) {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

/** A new organizer with no events (through the admin API), for empty states and clean paging. */
export async function freshOrganizer(request: APIRequestContext, name = 'EO Baru') {
  const admin = await apiToken(request, 'admin@demo.id');
  const email = `eo-${Date.now()}-${Math.random().toString(16).slice(2, 6)}@demo.id`;
  const res = await request.post('/v1/admin/users', {
    headers: { authorization: `Bearer ${admin}` },
    data: { email, name, password: PASSWORD, roles: ['eventOrganizer'] },
  });
  expect(res.status()).toBe(201);
  return { email, token: await apiToken(request, email) };
}

/** Saves drafts named `${prefix} 01`… through the real API, oldest first. */
export async function createDrafts(request: APIRequestContext, token: string, prefix: string, n: number) {
  for (let i = 1; i <= n; i++) {
    const res = await request.post('/v1/events/draft/create', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: `${prefix} ${String(i).padStart(2, '0')}`, type: 'Lomba', agreement: true, isPaidEvent: i % 2 === 0 },
    });
    expect(res.status()).toBe(201);
  }
}
