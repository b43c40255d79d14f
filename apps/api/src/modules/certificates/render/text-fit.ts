import type { SKRSContext2D } from '@napi-rs/canvas';

/** Smallest size a too-long text shrinks to; below it text stops being readable on print. */
export const MIN_FONT_PX = 8;

export interface Box { width: number; height: number }
/** The glyphs' ink extent around the drawing origin (textAlign left, alphabetic baseline). */
export interface Ink { left: number; right: number; ascent: number; descent: number }

export const fontSpec = (family: string, size: number) => `${size}px "${family}"`;

/** Sets `ctx.font` and measures where the ink of `text` falls around the origin. */
export function measureInk(ctx: SKRSContext2D, text: string, family: string, size: number): Ink {
  ctx.font = fontSpec(family, size);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  const m = ctx.measureText(text);
  return { left: m.actualBoundingBoxLeft, right: m.actualBoundingBoxRight, ascent: m.actualBoundingBoxAscent, descent: m.actualBoundingBoxDescent };
}

/**
 * The largest whole pixel size, at most `size`, at which the ink of `text` fits inside `box`;
 * never below `floor` (nor above `size` when `size` is already smaller than the floor).
 */
export function fitFontSize(ctx: SKRSContext2D, text: string, family: string, size: number, box: Box, floor = MIN_FONT_PX): number {
  const min = Math.min(floor, size);
  let s = size;
  for (;;) {
    const ink = measureInk(ctx, text, family, s);
    const w = ink.left + ink.right;
    const h = ink.ascent + ink.descent;
    if ((w <= box.width && h <= box.height) || s <= min) return s;
    // Ink scales about linearly with size: jump to the proportional guess, then step down.
    const guess = Math.floor(s * Math.min(box.width / Math.max(w, 1), box.height / Math.max(h, 1)));
    s = Math.max(min, Math.min(guess, s - 1));
  }
}
