import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { fixtureDir, screenshot, signedIn } from './helpers';

const EVENT = 'Konser Amal Pelajar untuk Pendidikan';
const PREFIX = 'SERT-E2E';
// Enough recipients that publishing lasts a few seconds, so the list shows it under way.
const PEOPLE = [
  ['Sari Dewi', 'sari@contoh.id'], ['Budi Santoso', 'budi@contoh.id'], ['Ayu Lestari, S.Pd.', 'ayu@contoh.id'],
  ...Array.from({ length: 117 }, (_, i) => [`Peserta Konser ${i + 4}`, `peserta${i + 4}@contoh.id`]),
];

/** A light landscape template and a participant CSV on disk, as an organizer would have them. */
async function files() {
  const dir = fixtureDir('eo-e2e-cert-');
  const template = path.join(dir, 'template.png');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1414"><rect width="100%" height="100%" fill="#fdf6e3"/>
    <rect x="60" y="60" width="1880" height="1294" fill="none" stroke="#b8860b" stroke-width="16"/></svg>`;
  writeFileSync(template, await sharp(Buffer.from(svg)).png().toBuffer());
  const csv = path.join(dir, 'peserta-konser.csv');
  writeFileSync(csv, `\uFEFFNama,Email,Kota\n${PEOPLE.map(([n, e]) => `"${n}",${e},Jakarta`).join('\n')}\n`);
  return { template, csv };
}

/** The verify link (path and token) of the certificate mailed to `email`, from the server's file outbox. */
function mailedVerifyPath(email: string): string {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  for (const name of readdirSync(dir).filter((f) => f.startsWith('k-certificate-') && f.endsWith('.eml'))) {
    const raw = readFileSync(path.join(dir, name), 'utf8');
    if (!new RegExp(`^To: .*${email}`, 'mi').test(raw.split(/\r?\n\r?\n/)[0]!)) continue;
    const part = raw.split(/\r?\n--/).find((p) => /^Content-Type: text\/plain/im.test(p))!;
    const text = Buffer.from(part.split(/\r?\n\r?\n/).slice(1).join('').replace(/\s/g, ''), 'base64').toString('utf8');
    const url = new URL(text.match(/https?:\/\/\S+\/verify\/\S+/)![0]);
    return url.pathname + url.search;
  }
  throw new Error(`no certificate mailed to ${email}`);
}

async function pick(page: Page, label: string, option: string, type?: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.click();
  if (type) await box.fill(type);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test.describe('certificates', () => {
  test.beforeEach(async ({ page }) => {
    await signedIn(page);
  });

  test('create with a CSV and a template, drag a placeholder, preview, save a draft, publish, see Publishing then Published', async ({ page }) => {
    test.setTimeout(150_000);
    const { template, csv } = await files();
    await page.goto('/certificate');
    await expect(page.getByText('Belum ada sertifikat saat ini')).toBeVisible();
    await screenshot(page, 'certificates-empty-1280');
    await page.getByRole('button', { name: 'NEW CERTIFICATE' }).click();
    await expect(page.getByRole('heading', { name: 'Publish New Certificate' })).toBeVisible();

    // Nothing yet: a draft needs its template.
    await page.getByRole('button', { name: 'SAVE AS DRAFT' }).click();
    await expect(page.getByText('Missing this fields: Template Image')).toBeVisible();

    await page.getByLabel('Certificate Template').setInputFiles(template);
    await expect(page.getByRole('button', { name: 'CHANGE TEMPLATE' })).toBeVisible();
    await pick(page, 'Event', EVENT, 'Konser');
    await pick(page, 'Recipient', 'Upload CSV Participant');
    await page.getByLabel('CSV Participant', { exact: true }).setInputFiles(csv);
    await expect(page.getByText(`${PEOPLE.length} penerima`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'CHANGE CSV' })).toBeVisible();
    await page.getByLabel('Certificate Number', { exact: true }).fill(PREFIX);

    // Drag the name placeholder 60 px to the right on the canvas: its box moves in template pixels.
    const x = page.getByRole('spinbutton', { name: 'Recipient name X' });
    const before = Number(await x.inputValue());
    const canvas = page.locator('.cert-canvas canvas').first();
    const area = (await canvas.boundingBox())!;
    const scale = area.width / 2000;
    const from = { x: area.x + (400 + 600) * scale, y: area.y + (594 + 113) * scale };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y, { steps: 5 });
    await page.mouse.move(from.x + 60, from.y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Number(await x.inputValue())).toBeGreaterThan(before + 40);
    await screenshot(page, 'certificate-form-1280');

    await page.getByRole('button', { name: 'PREVIEW' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview Certificate' });
    await expect(preview.getByRole('img', { name: 'Certificate preview' })).toBeVisible();
    await expect(page.getByText('Preview Certificate Success!')).toBeVisible();
    await screenshot(page, 'certificate-preview-1280');
    await preview.getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('button', { name: 'SAVE AS DRAFT' }).click();
    await expect(page.getByText('Save as Draft Success!')).toBeVisible();
    await expect(page.getByText('Redirecting to certificate page...')).toBeVisible();
    await expect(page).toHaveURL(/\/certificate$/);
    const row = page.getByRole('row', { name: new RegExp(EVENT) });
    await expect(row.getByText('Draft')).toBeVisible();
    await expect(row.getByText(`peserta-konser (${PEOPLE.length})`)).toBeVisible();

    // The list's preview of the draft, then edit and publish.
    await row.getByRole('button', { name: `Preview ${EVENT}` }).click();
    const listPreview = page.getByRole('dialog', { name: 'Preview Certificate' });
    await expect(listPreview.getByRole('img', { name: 'Certificate preview' })).toBeVisible();
    await listPreview.getByRole('button', { name: 'EDIT CERTIFICATE' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Certificate' })).toBeVisible();
    await page.getByRole('button', { name: 'PUBLISH' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure to Publish Certificate?' });
    await expect(confirm.getByText("This certificate will distributed to users. You can't undo this action")).toBeVisible();
    await confirm.getByRole('button', { name: 'PUBLISH' }).click();
    await expect(page.getByText('Edit Certificate Success!')).toBeVisible();
    await expect(page).toHaveURL(/\/certificate$/);

    // The server renders and mails each one; the list shows it under way, then Published.
    const published = page.getByRole('row', { name: new RegExp(EVENT) });
    await expect(published.getByText('Publishing', { exact: true })).toBeVisible();
    await expect(published.getByText(new RegExp(`^\\d+/${PEOPLE.length} terkirim$`))).toBeVisible();
    await screenshot(page, 'certificates-publishing-1280');
    await expect(published.getByText('Published', { exact: true })).toBeVisible({ timeout: 90_000 });
    await expect(published.getByText(`${PEOPLE.length} terkirim`, { exact: true })).toBeVisible();
    await expect(published.getByRole('button', { name: `Edit ${EVENT}` })).toBeDisabled();
    await screenshot(page, 'certificates-published-1280');

    // The certificate's own link (its token) shows it; a bare serial only says it exists, naming nobody.
    await page.goto(mailedVerifyPath('budi@contoh.id'));
    await expect(page.getByText('Sertifikat ini asli')).toBeVisible();
    await expect(page.getByText('Budi Santoso')).toBeVisible();
    await expect(page.getByText(EVENT)).toBeVisible();
    await screenshot(page, 'certificate-verify-1280');
    await page.goto(`/verify/${PREFIX}-002`);
    await expect(page.getByText('terdaftar di EO Dashboard')).toBeVisible();
    await expect(page.getByText('Budi Santoso')).toHaveCount(0);
    await screenshot(page, 'certificate-verify-bare-1280');
  });
});

test.describe('certificates at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the list and the form fit a phone', async ({ page }) => {
    await signedIn(page);
    await page.goto('/certificate');
    await expect(page.getByRole('heading', { name: 'Event Certificate' })).toBeVisible();
    await screenshot(page, 'certificates-375');
    await page.getByRole('button', { name: 'NEW CERTIFICATE' }).click();
    await expect(page.getByRole('heading', { name: 'Publish New Certificate' })).toBeVisible();
    await screenshot(page, 'certificate-form-375');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The canvas on a phone: labels outside their boxes, the whole sample name inside its box.
    const { template } = await files();
    await page.getByLabel('Certificate Template').setInputFiles(template);
    await expect(page.getByRole('spinbutton', { name: 'Recipient name X' })).toBeVisible();
    await page.locator('.cert-canvas canvas').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'certificate-canvas-375', { full: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
