import sharp from 'sharp';
import type { TemplateObject } from '@eo/contract';

/** Test-only helpers for the renderer tests (not imported by production code). */
export const W = 2000;
export const H = 1414;

export const whitePng = (width = W, height = H, background = '#ffffff') =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

export function object(key: TemplateObject['key'], start: [number, number], end: [number, number], style: Partial<TemplateObject['textStyle']> = {}): TemplateObject {
  return {
    key,
    placeholder: { start, end },
    anchor: { horizontal: 'middle', vertical: 'middle' },
    textStyle: { font: 'Quicksand', size: 120, color: '1A237E', charLength: 100, ...style },
    type: 'text',
  };
}

export interface Raw { data: Buffer; width: number; height: number }
export async function raw(image: Buffer): Promise<Raw> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export interface Region { x0: number; y0: number; x1: number; y1: number }
export const isDark = (r: number, g: number, b: number) => Math.min(r, g, b) < 128;

/** Bounding box (pixel edges) and count of the pixels `isInk` accepts inside `region`. */
export function inkBox(img: Raw, region: Region, isInk = isDark) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, count = 0;
  for (let y = Math.max(0, region.y0); y < Math.min(img.height, region.y1); y++) {
    for (let x = Math.max(0, region.x0); x < Math.min(img.width, region.x1); x++) {
      const i = (y * img.width + x) * 3;
      if (!isInk(img.data[i], img.data[i + 1], img.data[i + 2])) continue;
      count++;
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
  }
  return { count, x0: minX, y0: minY, x1: maxX + 1, y1: maxY + 1, cx: (minX + maxX + 1) / 2, cy: (minY + maxY + 1) / 2 };
}

export const around = (o: TemplateObject, margin = 60): Region => ({
  x0: o.placeholder.start[0] - margin, y0: o.placeholder.start[1] - margin, x1: o.placeholder.end[0] + margin, y1: o.placeholder.end[1] + margin,
});
export const centre = (o: TemplateObject) => ({ x: (o.placeholder.start[0] + o.placeholder.end[0]) / 2, y: (o.placeholder.start[1] + o.placeholder.end[1]) / 2 });
