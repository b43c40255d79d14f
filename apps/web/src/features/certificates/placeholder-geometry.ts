import type { TemplateObject, TemplateObjectKey } from '@eo/contract';

/**
 * Placeholder boxes. The form keeps them in TEMPLATE-IMAGE pixels (what the server renders
 * with); the canvas shows the template scaled to the available width, so every drag or
 * resize is converted back through `scale` = displayed width / image width.
 */
export interface Box { x: number; y: number; width: number; height: number }
export type Boxes = Record<TemplateObjectKey, Box>;
export interface Size { width: number; height: number }

/** Smallest box, in template pixels, so a placeholder never collapses to nothing. */
export const MIN_BOX = 10;

export const scaleOf = (displayWidth: number, image: Size) => (image.width > 0 ? displayWidth / image.width : 1);

/** Template pixels to canvas pixels. */
export const toDisplay = (b: Box, scale: number): Box => ({ x: b.x * scale, y: b.y * scale, width: b.width * scale, height: b.height * scale });

/** Canvas pixels to whole template pixels. */
export function toTemplate(b: Box, scale: number): Box {
  const s = scale > 0 ? scale : 1;
  return { x: Math.round(b.x / s), y: Math.round(b.y / s), width: Math.round(b.width / s), height: Math.round(b.height / s) };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));

/** Keeps a box inside the image: size first (at least MIN_BOX, at most the image), then position. */
export function clampBox(b: Box, image: Size): Box {
  const width = clamp(Math.round(b.width), MIN_BOX, image.width);
  const height = clamp(Math.round(b.height), MIN_BOX, image.height);
  return { x: clamp(Math.round(b.x), 0, image.width - width), y: clamp(Math.round(b.y), 0, image.height - height), width, height };
}

/** First boxes on a new template: the name centred on half height over 60 % of the width, the number below it. */
export function defaultBoxes(image: Size): Boxes {
  const nameH = Math.round(image.height * 0.16);
  const name = { x: Math.round(image.width * 0.2), y: Math.round(image.height * 0.5 - nameH / 2), width: Math.round(image.width * 0.6), height: nameH };
  const numberH = Math.round(image.height * 0.08);
  const number = { x: Math.round(image.width * 0.3), y: name.y + nameH + Math.round(image.height * 0.04), width: Math.round(image.width * 0.4), height: numberH };
  return { recipientName: clampBox(name, image), serialNumber: clampBox(number, image) };
}

/** Moves the boxes onto a template of another size, keeping their relative place. */
export function rescaleBoxes(boxes: Boxes, from: Size, to: Size): Boxes {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  const one = (b: Box) => clampBox({ x: b.x * sx, y: b.y * sy, width: b.width * sx, height: b.height * sy }, to);
  return { recipientName: one(boxes.recipientName), serialNumber: one(boxes.serialNumber) };
}

export const toPlaceholder = (b: Box): TemplateObject['placeholder'] => ({ start: [b.x, b.y], end: [b.x + b.width, b.y + b.height] });

export const fromPlaceholder = (p: TemplateObject['placeholder']): Box => ({
  x: p.start[0], y: p.start[1], width: p.end[0] - p.start[0], height: p.end[1] - p.start[1],
});

/** The boxes stored on a certificate, or null when it has none yet. */
export function boxesOf(objects: TemplateObject[]): Boxes | null {
  const name = objects.find((o) => o.key === 'recipientName');
  const number = objects.find((o) => o.key === 'serialNumber');
  return name && number ? { recipientName: fromPlaceholder(name.placeholder), serialNumber: fromPlaceholder(number.placeholder) } : null;
}

const sameBox = (a: Box, b: Box) => a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
export const sameBoxes = (a: Boxes, b: Boxes) => sameBox(a.recipientName, b.recipientName) && sameBox(a.serialNumber, b.serialNumber);
