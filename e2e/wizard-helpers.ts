import { writeFileSync } from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import 'dayjs/locale/id.js';
import sharp from 'sharp';
import { expect, type Locator, type Page } from '@playwright/test';
import { fixtureDir, screenshot } from './helpers';

/** A real PNG of the given size on disk (posters are 4:5, twibbons 1:1). */
export async function pngFile(name: string, width: number, height: number): Promise<string> {
  const dir = fixtureDir('eo-e2e-img-');
  const file = path.join(dir, name);
  const png = await sharp({ create: { width, height, channels: 4, background: { r: 91, g: 60, b: 196, alpha: 1 } } }).png().toBuffer();
  writeFileSync(file, png);
  return file;
}

/** A date `n` days from now, typed the ISO way the date pickers also accept. */
export const pickerDay = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');

const openPanels = (page: Page) => page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');

/** How the wizard's date pickers show a day (their first format, Indonesian months). */
const shownDay = (iso: string) => dayjs(iso).locale('id').format('D MMM YYYY');

/**
 * Types a date into an antd date picker and picks the highlighted day, as a person would, until
 * the field shows that day: on a loaded machine the panel could still be settling under the
 * pointer, so the click landed beside the day and the panel stayed open (the e2e loop's run 9).
 */
export async function pickDate(page: Page, field: Locator, iso: string) {
  await expect(openPanels(page)).toHaveCount(0);
  await expect(async () => {
    if ((await openPanels(page).count()) === 0) await field.click();
    await field.fill(iso);
    // The panel moves to the typed month and highlights the day; click it once it has settled.
    const day = openPanels(page).locator(`td[title="${iso}"]`);
    await expect(day).toHaveClass(/ant-picker-cell-selected/, { timeout: 5000 });
    await day.click({ timeout: 5000 });
    await expect(openPanels(page)).toHaveCount(0, { timeout: 3000 });
    await expect(field).toHaveValue(shownDay(iso), { timeout: 2000 });
  }).toPass({ timeout: 45_000 });
}

/** Types a time (`HH:mm`) into an antd time picker and confirms. */
export async function pickTime(page: Page, field: Locator, hhmm: string) {
  await expect(openPanels(page)).toHaveCount(0);
  await field.click();
  await field.fill(hhmm);
  await field.press('Enter');
  await expect(field).toHaveValue(hhmm);
}

/** Chooses an option of an antd Select found by its label. */
export async function choose(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  const item = page.locator('.ant-form-item').filter({ has: select });
  // Until the field shows the choice: on a loaded machine a click could land while the form
  // re-rendered under the dropdown (the poster upload finishing), leaving it open and unchosen.
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click({ timeout: 5000 });
    await expect(item.getByTitle(option, { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * A multiple select: picks `option` until the field shows it (as choose; a click that lands
 * while the form re-renders can leave the field empty), never clicking an
 * option already chosen (that would take it off again), then closes the list.
 */
export async function chooseAlso(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  const chosen = page.locator('.ant-form-item').filter({ has: select }).getByTitle(option, { exact: true });
  await expect(async () => {
    if ((await chosen.count()) === 0) {
      if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await select.click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click({ timeout: 5000 });
    }
    await expect(chosen).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
}

export async function upload(page: Page, label: string, file: string) {
  await page.locator(`input[type=file][aria-label="${label}"]`).setInputFiles(file);
  await expect(page.getByRole('img', { name: label })).toBeVisible();
}

/** Picks a radio by its exact text (some set the form after a confirm, so check the outcome, not the click). */
export async function radio(page: Page, name: string) {
  const r = page.getByRole('radio', { name, exact: true });
  await r.click();
  await expect(r).toBeChecked();
}

export const next = (page: Page) => page.getByRole('button', { name: 'NEXT' }).click();

export async function expectStep(page: Page, title: string) {
  await expect(page.getByRole('region', { name: title })).toBeVisible();
}

/** General Info with the required fields. */
export async function fillGeneral(page: Page, name: string, poster: string) {
  await upload(page, 'Poster Event', poster);
  await page.getByLabel('Nama Event').fill(name);
  await choose(page, 'Kategori Event', 'Lomba');
  await choose(page, 'Sub Kategori', 'Debat');
  await chooseAlso(page, 'Bidang Lomba', 'Ilmu Sosial');
  await page.getByLabel('Nama Penyelenggara').fill('Komunitas Debat Muda');
  await page.getByLabel('Email Penyelenggara', { exact: true }).fill('halo@debatmuda.id');
  await page.getByLabel('Konfirmasi Email Penyelenggara').fill('halo@debatmuda.id');
  await page.getByRole('checkbox', { name: 'WhatsApp' }).check();
  await page.getByLabel('Nomor WhatsApp').fill('81234567890');
}

/** Location: online with a streaming link. */
export async function fillOnline(page: Page) {
  await radio(page, 'Online');
  await radio(page, 'Ya');
  await page.getByRole('textbox', { name: 'Link Streaming' }).fill('https://meet.example.org/debat');
}

/** Event Details with the required fields. */
export async function fillDetails(page: Page) {
  await page.getByLabel('Deskripsi Event').fill('Kompetisi debat beregu untuk siswa SMA/SMK se-Indonesia.');
  await page.getByRole('checkbox', { name: 'Sertifikat gratis' }).check();
  // The eligibility ticks are set by their rules, a moment after the click.
  await page.getByRole('checkbox', { name: 'Siswa SMA/SMK' }).click();
  await expect(page.getByRole('checkbox', { name: 'Siswa SMA/SMK' })).toBeChecked();
  await page.getByRole('checkbox', { name: /Saya menyetujui syarat dan ketentuan/ }).check();
}

export interface TicketSpec { name: string; quota?: number; price?: number; question?: { text: string; options: string[] } }

/** Adds a participant category through its modal; Simpan stays disabled until the ticket is valid. */
export async function addTicket(page: Page, t: TicketSpec) {
  await page.getByRole('button', { name: 'Tambah Kategori Peserta' }).click();
  const modal = page.getByRole('dialog', { name: 'Tambah Kategori Peserta' });
  const save = modal.getByRole('button', { name: 'Simpan' });
  await expect(save).toBeDisabled();
  await modal.getByLabel('Nama Kategori').fill(t.name);
  if (t.quota !== undefined) {
    await modal.getByRole('radio', { name: 'Terbatas', exact: true }).check();
    await modal.getByLabel('Jumlah Tiket').fill(String(t.quota));
  }
  await pickDate(page, modal.getByLabel('Tanggal Event 1'), pickerDay(30));
  await pickTime(page, modal.getByLabel('Jam Mulai', { exact: true }), '09:00');
  await pickTime(page, modal.getByLabel('Jam Selesai', { exact: true }), '12:00');
  await pickDate(page, modal.getByLabel('Tanggal Batas Pendaftaran'), pickerDay(20));
  await pickTime(page, modal.getByLabel('Jam Batas Pendaftaran'), '23:00');
  if (t.price !== undefined) {
    await modal.getByRole('radio', { name: 'Berbayar', exact: true }).check();
    await modal.getByLabel('Harga Tiket').fill(String(t.price));
  }
  if (t.question) {
    await modal.getByRole('button', { name: 'Tambah Pertanyaan' }).click();
    await modal.getByLabel('Pertanyaan 1').fill(t.question.text);
    await choose(page, 'Tipe Jawaban', 'Pilihan Ganda');
    for (const [i, option] of t.question.options.entries()) {
      if (i >= 1) await modal.getByRole('button', { name: 'Tambah Pilihan' }).click();
      await modal.getByLabel(`Pilihan ${i + 1}`).fill(option);
    }
    await modal.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview Pertanyaan' });
    await expect(preview.getByText(t.question.text)).toBeVisible();
    await expect(preview.getByRole('radio', { name: t.question.options[0] })).toBeVisible();
    await screenshot(page, 'wizard-question-preview-1280');
    await preview.getByRole('button', { name: 'Tutup' }).click();
  }
  await expect(save).toBeEnabled();
  await screenshot(page, `wizard-ticket-modal-${t.name.replace(/\W+/g, '-').toLowerCase()}-1280`);
  await save.click();
  await expect(modal).toBeHidden();
}
