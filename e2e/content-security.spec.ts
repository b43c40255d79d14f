import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiToken, signIn } from './helpers';

/**
 * The built app runs under the server's Content-Security-Policy (no inline script, no eval):
 * every screen that loads its own kind of code (charts, the certificate canvas, the wizard's
 * lazy steps, the withdrawal table) renders with no violation and no script error.
 */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|unsafe-eval|unsafe-inline/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

test('every kind of screen renders under the CSP without a violation', async ({ page, request }) => {
  const problems = watch(page);
  const res = await page.goto('/login');
  const csp = res!.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  // No inline script, no eval of JavaScript; WebAssembly may compile (the check-in screen's QR
  // decoder): 'wasm-unsafe-eval' allows that and nothing else.
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toMatch(/script-src[^;]*'wasm-unsafe-eval'/);
  await signIn(page);
  await expect(page.getByRole('heading', { name: /^Halo, / })).toBeVisible();

  // An approved event with internal registration: all four tabs, charts included.
  const filters = encodeURIComponent(JSON.stringify({ name: 'Lomba Debat Bahasa Indonesia' }));
  const eventId = (await apiGet(request, `/v1/events/lists?filters=${filters}`, await apiToken(request))).data.docs[0].id as string;
  await page.goto(`/event/active/overview/${eventId}`);
  await page.getByRole('tab', { name: 'Insight' }).click();
  await expect(page.getByRole('img', { name: /^Views/ })).toBeVisible();

  await page.goto('/event/create');
  await expect(page.getByRole('button', { name: 'NEXT' })).toBeVisible();
  await page.goto('/certificate/create');
  await expect(page.getByRole('heading', { name: 'Publish New Certificate' })).toBeVisible();
  await page.goto('/payout');
  await expect(page.getByRole('heading').first()).toBeVisible();
  // The check-in screen compiles its QR decoder's WebAssembly as it opens.
  const wasm = page.waitForResponse((r) => r.url().endsWith('.wasm'), { timeout: 15_000 });
  await page.goto(`/event/${eventId}/checkin`);
  await expect(page.getByRole('heading', { name: 'Check-in', exact: true })).toBeVisible();
  expect((await wasm).ok()).toBe(true);
  // A refused compile is reported as the module compiles, right after its bytes arrive.
  await page.waitForTimeout(500);
  expect(problems).toEqual([]);
});
