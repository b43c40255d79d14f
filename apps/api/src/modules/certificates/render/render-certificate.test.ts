import { performance } from 'node:perf_hooks';
import { crc32, deflateSync } from 'node:zlib';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CERT_DEFAULTS, CERT_FONTS, serialNumber } from '@eo/contract';
import QRCode from 'qrcode';
import { footerBand, QR_INSET, qrBox } from './footer.js';
import { registerCertFonts } from './fonts.js';
import { prepareTemplate, PREVIEW_MAX_PIXELS, renderCertificate, TEMPLATE_MAX_PIXELS } from './render-certificate.js';
import { H, W, around, centre, inkBox, object, raw, whitePng } from './render.fixture.js';
import { certificateText } from '@eo/contract';
import { fitFontSize, measureInk } from './text-fit.js';

const texts = { recipientName: CERT_DEFAULTS.sampleName, serialNumber: serialNumber(CERT_DEFAULTS.prefix, 1, 1) };
const name = object('recipientName', [301, 501], [1700, 700], { charLength: 24 });
const serial = object('serialNumber', [650, 880], [1350, 980], { size: 70, charLength: 30, color: 'C62828' });

describe('renderCertificate', () => {
  it('centres each text (ink box) on its placeholder centre within 2 px', async () => {
    const out = await renderCertificate({ template: await whitePng(), objects: [name, serial], texts });
    expect([out.width, out.height]).toEqual([W, H]);
    const img = await raw(out.png);
    for (const o of [name, serial]) {
      const ink = inkBox(img, around(o));
      expect(ink.count).toBeGreaterThan(500);
      expect(Math.abs(ink.cx - centre(o).x)).toBeLessThanOrEqual(2);
      expect(Math.abs(ink.cy - centre(o).y)).toBeLessThanOrEqual(2);
    }
    // Nothing drawn anywhere else.
    expect(inkBox(img, { x0: 0, y0: 0, x1: W, y1: 440 }).count).toBe(0);
    expect(inkBox(img, { x0: 0, y0: 1040, x1: W, y1: H }).count).toBe(0);
  });

  it('shrinks a 60-character name to stay inside a box sized for about 24 characters', async () => {
    registerCertFonts();
    const ctx = createCanvas(10, 10).getContext('2d');
    const fits24 = measureInk(ctx, CERT_DEFAULTS.sampleName.slice(0, 24), 'Quicksand', 120);
    const box = { width: Math.ceil(fits24.left + fits24.right) + 10, height: 200 };
    const long = 'Muhammad Rizky Pratama Wijaya Kusuma Saputra Nugroho Hidayat Ramadhan'.slice(0, 60);
    expect([...long].length).toBe(60);
    const size = fitFontSize(ctx, long, 'Quicksand', 120, box);
    expect(size).toBeLessThan(120);
    expect(size).toBeGreaterThan(30);
    const o = object('recipientName', [200, 600], [200 + box.width, 800]);
    const img = await raw((await renderCertificate({ template: await whitePng(), objects: [o], texts: { ...texts, recipientName: long } })).png);
    const ink = inkBox(img, { x0: 0, y0: 0, x1: W, y1: H });
    expect(ink.x0).toBeGreaterThanOrEqual(200);
    expect(ink.x1).toBeLessThanOrEqual(200 + box.width);
    expect(ink.y0).toBeGreaterThanOrEqual(600);
    expect(ink.y1).toBeLessThanOrEqual(800);
  });

  it('shrinks for a box lower than the text, but never below the floor', () => {
    registerCertFonts();
    const ctx = createCanvas(10, 10).getContext('2d');
    const size = fitFontSize(ctx, 'Aly', 'Quicksand', 120, { width: 2000, height: 50 });
    const ink = measureInk(ctx, 'Aly', 'Quicksand', size);
    expect(size).toBeLessThan(120);
    expect(ink.ascent + ink.descent).toBeLessThanOrEqual(50);
    expect(fitFontSize(ctx, 'x'.repeat(500), 'Quicksand', 120, { width: 100, height: 100 })).toBe(8);
    expect(fitFontSize(ctx, 'Ali', 'Quicksand', 6, { width: 10, height: 2 })).toBe(6);
  });

  it('cuts the text to charLength characters', async () => {
    const template = await whitePng(800, 500);
    const o = object('recipientName', [100, 100], [700, 300], { size: 80, charLength: 5 });
    const cut = await renderCertificate({ template, objects: [o], texts: { ...texts, recipientName: 'Lorem Ipsum' } });
    const whole = await renderCertificate({ template, objects: [{ ...o, textStyle: { ...o.textStyle, charLength: 50 } }], texts: { ...texts, recipientName: 'Lorem' } });
    expect((await raw(cut.png)).data.equals((await raw(whole.png)).data)).toBe(true);
    expect(certificateText('  Siti\n Nur  Aisyah ', 8)).toBe('Siti Nur');
    expect(certificateText('José 👩‍👩‍👧 Ana', 6)).toBe('José 👩‍👩‍👧');
  });

  it('draws every one of the five fonts, each its own', async () => {
    const template = await whitePng();
    registerCertFonts();
    // Measured unconstrained: each registered family has its own widths, none is the fallback's.
    const ctx = createCanvas(10, 10).getContext('2d');
    const widthOf = (family: string) => Math.round(measureInk(ctx, CERT_DEFAULTS.sampleName, family, 100).right);
    const widths = new Set([widthOf('NoSuchFont')]);
    for (const font of CERT_FONTS) {
      expect(GlobalFonts.has(font.value)).toBe(true);
      const o = object('recipientName', [301, 501], [1700, 700], { font: font.value });
      const img = await raw((await renderCertificate({ template, objects: [o], texts })).png);
      const ink = inkBox(img, around(o));
      expect(ink.count, font.value).toBeGreaterThan(500);
      expect(Math.abs(ink.cx - centre(o).x), font.value).toBeLessThanOrEqual(2);
      expect(Math.abs(ink.cy - centre(o).y), font.value).toBeLessThanOrEqual(2);
      widths.add(widthOf(font.value));
    }
    expect(widths.size).toBe(CERT_FONTS.length + 1);
  });

  it('gives white and yellow text a dark shadow on a white template, and none to other colours', async () => {
    const template = await whitePng();
    const grey = (r: number, g: number, b: number) => Math.max(r, g, b) < 200;
    for (const color of ['FFFFFF', 'FFD600']) {
      const o = object('recipientName', [301, 501], [1700, 700], { color });
      const img = await raw((await renderCertificate({ template, objects: [o], texts })).png);
      expect(inkBox(img, around(o), grey).count, color).toBeGreaterThan(500);
    }
    const orange = object('recipientName', [301, 501], [1700, 700], { color: 'EF6C00' });
    const img = await raw((await renderCertificate({ template, objects: [orange], texts })).png);
    expect(inkBox(img, around(orange), grey).count).toBe(0);
  });

  it('accepts a JPEG template', async () => {
    const template = await sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
    const out = await renderCertificate({ template, objects: [name, serial], texts });
    expect([out.width, out.height]).toEqual([W, H]);
    const img = await raw(out.jpeg);
    for (const o of [name, serial]) {
      const ink = inkBox(img, around(o));
      expect(Math.abs(ink.cx - centre(o).x)).toBeLessThanOrEqual(2);
      expect(Math.abs(ink.cy - centre(o).y)).toBeLessThanOrEqual(2);
    }
  });

  it('writes the footer on a light backing in the bottom strip, readable on a dark template', async () => {
    const out = await renderCertificate({ template: await whitePng(W, H, '#000000'), objects: [], texts, footer: 'Verifikasi: https://eo.example.id/verify/000-000-000-000-001' });
    const img = await raw(out.png);
    const band = footerBand(W, H);
    const light = inkBox(img, { x0: 0, y0: band.y, x1: W, y1: H }, (r, g, b) => Math.min(r, g, b) > 180);
    expect(light.count).toBeGreaterThan(1000);
    expect(Math.abs(light.cx - W / 2)).toBeLessThanOrEqual(2);
    expect(inkBox(img, { x0: 0, y0: 0, x1: W, y1: band.y }, (r, g, b) => Math.max(r, g, b) > 0).count).toBe(0);
  });

  it('draws the verify link as a QR code whose every module matches qrcode\'s matrix', async () => {
    const url = 'https://eo.example.id/verify/SNDA-2026-001?t=Vq3Zk1d0bF2xYw8uJr5T6g';
    const out = await renderCertificate({ template: await whitePng(), objects: [name], texts, qr: url });
    const img = await raw(out.png);
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const box = qrBox(W, H);
    const cell = box.size / (modules.size + 4);
    let wrong = 0;
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        const x = Math.floor(box.x + (col + 2.5) * cell);
        const y = Math.floor(box.y + (row + 2.5) * cell);
        const dark = img.data[(y * img.width + x) * 3]! < 128;
        if (dark !== Boolean(modules.get(row, col))) wrong++;
      }
    }
    expect(wrong).toBe(0);
    // Inside the image, above the footer strip, clear of the name.
    expect(box.x + box.size).toBeLessThan(W);
    expect(box.y + box.size).toBeLessThan(footerBand(W, H).y);
  });

  it('keeps the QR code inside a template\'s border: none of the frame is painted over', async () => {
    // A black frame 5% of the short side wide along every edge, white inside.
    const border = Math.round(H * 0.05);
    const canvas = createCanvas(W, H);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#000000';
    ctx.fillRect(0, 0, W, H);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(border, border, W - 2 * border, H - 2 * border);
    const url = 'https://eo.example.id/verify/SNDA-2026-001?t=Vq3Zk1d0bF2xYw8uJr5T6g';
    const img = await raw((await renderCertificate({ template: canvas.toBuffer('image/png'), objects: [name], texts, qr: url })).png);
    const light = (r: number, g: number, b: number) => Math.max(r, g, b) > 100;
    expect(inkBox(img, { x0: W - border, y0: 0, x1: W, y1: H }, light).count).toBe(0);
    expect(inkBox(img, { x0: 0, y0: H - border, x1: W, y1: H }, light).count).toBe(0);
    // The code itself is there, inside the frame, in the bottom-right corner.
    const box = qrBox(W, H, [name.placeholder]);
    expect(box.x + box.size).toBe(W - Math.round(H * QR_INSET));
    expect(inkBox(img, { x0: box.x, y0: box.y, x1: box.x + box.size, y1: box.y + box.size }).count).toBeGreaterThan(1000);
  });

  it('moves the QR code to the bottom-left corner when a placeholder reaches into the bottom-right one', () => {
    const inset = Math.round(H * QR_INSET);
    const lowSerial = object('serialNumber', [1500, 1150], [1950, 1250]);
    expect(qrBox(W, H, [name.placeholder, lowSerial.placeholder]).x).toBe(inset);
    expect(qrBox(W, H, [name.placeholder]).x).toBe(W - inset - Math.round(H * 0.12));
    // Both corners taken: the bottom-right one.
    const wide = object('recipientName', [50, 1150], [1950, 1250]);
    expect(qrBox(W, H, [wide.placeholder]).x).toBe(W - inset - Math.round(H * 0.12));
  });

  it('a template prepared for a preview holds at most PREVIEW_MAX_PIXELS, and the texts land where they would at full size', async () => {
    const big = await whitePng(6_000, 4_166);
    const prepared = await prepareTemplate(big, PREVIEW_MAX_PIXELS);
    expect([prepared.width, prepared.height]).toEqual([6_000, 4_166]);
    expect(prepared.image.width * prepared.image.height).toBeLessThanOrEqual(PREVIEW_MAX_PIXELS);
    const scaled = object('recipientName', [900, 1500], [5100, 2100], { size: 360, charLength: 24 });
    const out = await renderCertificate({ template: prepared, objects: [scaled], texts });
    expect([out.width, out.height]).toEqual([prepared.image.width, prepared.image.height]);
    const k = out.width / 6_000;
    const ink = inkBox(await raw(out.png), { x0: 0, y0: 0, x1: out.width, y1: out.height });
    expect(Math.abs(ink.cx - 3_000 * k)).toBeLessThanOrEqual(3);
    expect(Math.abs(ink.cy - 1_800 * k)).toBeLessThanOrEqual(3);
  });

  it('refuses a template over the pixel ceiling before decoding it', async () => {
    // A PNG whose header claims 12000×9000 (108 MP) but holds no pixels: only the header is read.
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
      return Buffer.concat([head, Buffer.from(type), data, crc]);
    };
    const ihdr = Buffer.from([0, 0, 0x2e, 0xe0, 0, 0, 0x23, 0x28, 8, 2, 0, 0, 0]);
    const template = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(0))), chunk('IEND', Buffer.alloc(0))]);
    expect(TEMPLATE_MAX_PIXELS).toBeLessThan(12000 * 9000);
    await expect(renderCertificate({ template, objects: [name], texts })).rejects.toThrow(/exceeds/);
  });

  it('renders a textured 2000×1414 template (timing printed, not asserted)', async () => {
    const data = Buffer.alloc(W * H * 3);
    for (let i = 0; i < data.length; i++) data[i] = 180 + ((i * 7919) % 61) + ((i / 3 / W) % 14);
    const template = await sharp(data, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
    const job = () => renderCertificate({ template, objects: [name, serial], texts, footer: 'Verifikasi: https://eo.example.id/verify/000-000-000-000-001' });
    await job();
    let t = performance.now();
    const one = await job();
    const single = performance.now() - t;
    t = performance.now();
    await Promise.all([job(), job(), job(), job()]);
    const four = performance.now() - t;
    console.log(`render 2000×1414: ${single.toFixed(0)} ms (png ${(one.png.length / 1024).toFixed(0)} KB, jpeg ${(one.jpeg.length / 1024).toFixed(0)} KB); 4 in parallel: ${four.toFixed(0)} ms`);
  });
});
