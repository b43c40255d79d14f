import { createCanvas, loadImage, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import sharp from 'sharp';
import { certificateText, colorHasShadow, TEMPLATE_MAX_PIXELS, type TemplateObject } from '@eo/contract';
import { drawFooter, drawQr } from './footer.js';
import { registerCertFonts } from './fonts.js';
import { fitFontSize, measureInk } from './text-fit.js';

/** The upload cap (25 MP; a template of that size is ~100 MB decoded, as much again for the canvas). */
export { TEMPLATE_MAX_PIXELS };
/** Previews are drawn at most this size (a 25 MP template's preview then costs ~16 MB a canvas, not 100). */
export const PREVIEW_MAX_PIXELS = 4_000_000;
export const JPEG_QUALITY = 90;

/**
 * A template decoded once: a publishing job draws the same picture for every recipient.
 * `width`/`height` are the template's own pixels (the placeholders' coordinates); `image` may
 * be smaller when the template was decoded for a bounded output size.
 */
export interface PreparedTemplate { image: Image; width: number; height: number }

/** Decodes the template; with `maxPixels`, shrunk while decoding so that no more pixels than that are held. */
export async function prepareTemplate(template: Buffer, maxPixels = TEMPLATE_MAX_PIXELS): Promise<PreparedTemplate> {
  // Header-only probe, so an oversized template is refused before it is decoded.
  const meta = await sharp(template, { limitInputPixels: false }).metadata();
  if (!meta.width || !meta.height || meta.width * meta.height > TEMPLATE_MAX_PIXELS) {
    throw new Error(`Certificate template is missing a size or exceeds ${TEMPLATE_MAX_PIXELS} pixels`);
  }
  // EXIF orientations 5–8 turn the picture a quarter; browsers and loadImage show it turned.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (width * height <= maxPixels) return { image: await loadImage(template), width, height };
  const scale = Math.sqrt(maxPixels / (width * height));
  const small = await sharp(template, { limitInputPixels: TEMPLATE_MAX_PIXELS, sequentialRead: true })
    .rotate().resize(Math.max(1, Math.floor(width * scale)), Math.max(1, Math.floor(height * scale)), { fit: 'fill' })
    .png({ compressionLevel: 0 }).toBuffer();
  return { image: await loadImage(small), width, height };
}

export interface RenderInput {
  template: Buffer | PreparedTemplate;
  objects: TemplateObject[];
  texts: { recipientName: string; serialNumber: string };
  /** e.g. `Verifikasi: https://host/verify/SERIAL?t=TOKEN`, drawn small along the bottom edge. */
  footer?: string;
  /** A URL drawn as a QR code in a bottom corner inside the template's border, above the footer (footer.ts qrBox). */
  qr?: string;
  /** False: PNG only (a preview needs no JPEG for a PDF); `jpeg` is then empty. */
  jpeg?: boolean;
}
export interface RenderedCertificate { png: Buffer; jpeg: Buffer; width: number; height: number }

/**
 * The one certificate renderer (preview and publishing): the template at its native size with
 * each placeholder's text centred on its box, shrunk to fit. One canvas per call, nothing cached;
 * both encodes run off the main thread.
 */
export async function renderCertificate(input: RenderInput): Promise<RenderedCertificate> {
  registerCertFonts();
  const { image, width: tw, height: th } = Buffer.isBuffer(input.template) ? await prepareTemplate(input.template) : input.template;
  // The canvas has the decoded image's size; everything is drawn in template pixels, scaled.
  const width = image.width;
  const height = image.height;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff'; // transparent template areas would otherwise turn black in the JPEG
  ctx.fillRect(0, 0, width, height);
  ctx.scale(width / tw, height / th);
  ctx.drawImage(image, 0, 0, tw, th);
  for (const object of input.objects) {
    drawObject(ctx, object, certificateText(input.texts[object.key] ?? '', object.textStyle.charLength));
  }
  if (input.footer) drawFooter(ctx, input.footer, tw, th);
  if (input.qr) drawQr(ctx, input.qr, tw, th, input.objects.map((o) => o.placeholder));
  // Encoded by sharp from the raw pixels: about 5x faster than the canvas's own PNG encoder
  // (32 ms against 163 ms for 2000×1414 here), and both run on libuv's threads. The canvas is
  // opaque (filled white first), so its premultiplied RGBA is plain RGBA and alpha can go.
  // Two pipelines over the same pixels rather than `clone()`, which copied the 11 MB buffer in JS.
  // (Compositing small text layers onto the decoded template with sharp instead was tried: its
  // alpha blending over the whole image made publishing 2.5x slower.)
  const pixels = canvas.data();
  const opaque = () => sharp(pixels, { raw: { width, height, channels: 4 } }).removeAlpha();
  const [png, jpeg] = await Promise.all([
    opaque().png({ compressionLevel: 3 }).toBuffer(),
    input.jpeg === false ? Buffer.alloc(0) : opaque().jpeg({ quality: JPEG_QUALITY }).toBuffer(),
  ]);
  return { png, jpeg, width, height };
}

/** Anchor middle/middle: the centre of the glyphs' ink box sits on the placeholder's centre. */
function drawObject(ctx: SKRSContext2D, object: TemplateObject, text: string): void {
  if (!text) return;
  const [x0, y0] = object.placeholder.start;
  const [x1, y1] = object.placeholder.end;
  const { font, size, color } = object.textStyle;
  const fitted = fitFontSize(ctx, text, font, size, { width: x1 - x0, height: y1 - y0 });
  const ink = measureInk(ctx, text, font, fitted);
  ctx.save();
  ctx.fillStyle = `#${color}`;
  if (colorHasShadow(color)) {
    // Soft dark halo offset down-right, so white or yellow text reads on a light template.
    ctx.shadowColor = 'rgba(0, 0, 0, 0.6)';
    ctx.shadowBlur = Math.max(2, fitted * 0.08);
    ctx.shadowOffsetX = ctx.shadowOffsetY = Math.max(1, fitted * 0.025);
  }
  ctx.fillText(text, (x0 + x1) / 2 - (ink.right - ink.left) / 2, (y0 + y1) / 2 + (ink.ascent - ink.descent) / 2);
  ctx.restore();
}
