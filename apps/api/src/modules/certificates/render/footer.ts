import type { SKRSContext2D } from '@napi-rs/canvas';
import QRCode from 'qrcode';
import { certificateText } from '@eo/contract';
import { fitFontSize, measureInk } from './text-fit.js';

/** A plain sans from the bundled five: servers may have no system fonts at all. */
export const FOOTER_FONT = 'Poppins';
const FOOTER_INK = '#424242';
const FOOTER_BACKING = 'rgba(255, 255, 255, 0.8)';

/**
 * The strip along the bottom edge that holds the footer, in image pixels: 3% of the height
 * (about 9 pt text on an A4 print). The PDF puts its link annotation over the same strip.
 */
export function footerBand(width: number, height: number) {
  const h = Math.min(height, Math.max(24, Math.round(height * 0.03)));
  return { x: 0, y: height - h, width, height: h };
}

/** Small grey text centred on the bottom strip, on a light rounded backing so any template reads. */
export function drawFooter(ctx: SKRSContext2D, text: string, width: number, height: number): void {
  const line = certificateText(text, 300);
  if (!line) return;
  const band = footerBand(width, height);
  const margin = Math.round(band.height * 0.12);
  const pad = Math.round(band.height * 0.4);
  const size = fitFontSize(ctx, line, FOOTER_FONT, Math.round(band.height * 0.5), { width: width - 2 * (pad + margin), height: band.height - 2 * margin });
  const ink = measureInk(ctx, line, FOOTER_FONT, size);
  const cx = width / 2;
  const cy = band.y + band.height / 2;
  const half = (ink.left + ink.right) / 2 + pad;
  ctx.save();
  ctx.fillStyle = FOOTER_BACKING;
  ctx.beginPath();
  ctx.roundRect(cx - half, band.y + margin, 2 * half, band.height - 2 * margin, (band.height - 2 * margin) / 2);
  ctx.fill();
  ctx.fillStyle = FOOTER_INK;
  ctx.fillText(line, cx - (ink.right - ink.left) / 2, cy + (ink.ascent - ink.descent) / 2);
  ctx.restore();
}

/**
 * The band along every edge that a QR code keeps clear, as a share of the short side: certificate
 * templates draw their border there (an A4 print's 7% is 15 mm), and the code drawn on white over
 * it cut through the frame.
 */
export const QR_INSET = 0.07;

interface Box { x0: number; y0: number; x1: number; y1: number }
const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * Where the QR code sits, in image pixels: a square of 12% of the short side (quiet zone
 * included) in the bottom-right corner inside the border band (QR_INSET), above the footer
 * strip; in the bottom-left corner instead when a placeholder (`avoid`, its start and end
 * corners) reaches into the bottom-right one and not into that.
 */
export function qrBox(width: number, height: number, avoid: { start: [number, number]; end: [number, number] }[] = []) {
  const short = Math.min(width, height);
  const size = Math.round(short * 0.12);
  const inset = Math.round(short * QR_INSET);
  const y = Math.min(height - inset, footerBand(width, height).y) - size;
  const corners = [{ x: width - inset - size, y, size }, { x: inset, y, size }];
  const boxes = avoid.map(({ start, end }) => ({ x0: Math.min(start[0], end[0]), y0: Math.min(start[1], end[1]), x1: Math.max(start[0], end[0]), y1: Math.max(start[1], end[1]) }));
  return corners.find((c) => !boxes.some((b) => overlaps(b, { x0: c.x, y0: c.y, x1: c.x + size, y1: c.y + size }))) ?? corners[0]!;
}

/** The verification link as a QR code (qrcode's module matrix drawn as squares), on white. */
export function drawQr(ctx: SKRSContext2D, url: string, width: number, height: number, avoid: Parameters<typeof qrBox>[2] = []): void {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const box = qrBox(width, height, avoid);
  const quiet = 2; // modules of white around the code
  const cell = box.size / (modules.size + 2 * quiet);
  ctx.save();
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(box.x, box.y, box.size, box.size);
  ctx.fillStyle = '#000000';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      // Slightly oversized cells so that no hairline gaps appear between neighbours.
      if (modules.get(row, col)) ctx.fillRect(box.x + (col + quiet) * cell, box.y + (row + quiet) * cell, cell + 0.5, cell + 0.5);
    }
  }
  ctx.restore();
}
