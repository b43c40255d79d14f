import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'demo-password';
export const ORGANIZER = 'organizer@demo.id';
const SHOTS = path.join(import.meta.dirname, 'screenshots');

/** Saves a full-page screenshot to e2e/screenshots/<name>.png (opened and checked by hand). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // Finished animations, so a drawer or toast is captured where it comes to rest.
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

export async function signIn(page: Page, email = ORGANIZER, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
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
