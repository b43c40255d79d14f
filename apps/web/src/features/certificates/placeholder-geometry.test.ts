import { describe, expect, it } from 'vitest';
import {
  boxesOf, clampBox, defaultBoxes, fromPlaceholder, MIN_BOX, rescaleBoxes, scaleOf, toDisplay, toPlaceholder, toTemplate, type Box,
} from './placeholder-geometry';

const box = (x: number, y: number, width: number, height: number): Box => ({ x, y, width, height });
const A4 = { width: 2000, height: 1414 };

describe('placeholder px conversion', () => {
  it.each([
    ['canvas as wide as the image', 2000, A4, 1],
    ['half size', 1000, A4, 0.5],
    ['phone width', 343, A4, 0.1715],
    ['no image size yet', 500, { width: 0, height: 0 }, 1],
  ])('scaleOf: %s', (_c, width, image, scale) => {
    expect(scaleOf(width, image)).toBeCloseTo(scale, 6);
  });

  it.each([
    [box(400, 600, 1200, 226), 0.5, box(200, 300, 600, 113)],
    [box(0, 0, 2000, 1414), 0.1715, box(0, 0, 343, 242.501)],
  ])('toDisplay %j × %d', (b, scale, expected) => {
    const d = toDisplay(b, scale);
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(d[k]).toBeCloseTo(expected[k], 3);
  });

  it.each([
    ['exact', box(200, 300, 600, 113), 0.5, box(400, 600, 1200, 226)],
    ['rounds to whole template pixels', box(10.2, 20.7, 100.4, 50.5), 0.3, box(34, 69, 335, 168)],
    ['zero scale treated as 1', box(5, 6, 7, 8), 0, box(5, 6, 7, 8)],
  ])('toTemplate: %s', (_c, d, scale, expected) => {
    expect(toTemplate(d, scale)).toEqual(expected);
  });

  it('round-trips display ↔ template within a pixel', () => {
    const b = box(437, 811, 1203, 219);
    const back = toTemplate(toDisplay(b, 343 / 2000), 343 / 2000);
    for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(back[k] - b[k])).toBeLessThanOrEqual(1);
  });

  it.each([
    ['inside stays', box(10, 10, 100, 50), box(10, 10, 100, 50)],
    ['negative position moves in', box(-20, -5, 100, 50), box(0, 0, 100, 50)],
    ['past the right/bottom edge moves back', box(1950, 1400, 100, 50), box(1900, 1364, 100, 50)],
    ['too wide shrinks to the image', box(0, 0, 3000, 50), box(0, 0, 2000, 50)],
    ['too small grows to the minimum', box(5, 5, 2, 0), box(5, 5, MIN_BOX, MIN_BOX)],
  ])('clampBox: %s', (_c, b, expected) => {
    expect(clampBox(b, A4)).toEqual(expected);
  });

  it('stores boxes as start/end and reads them back', () => {
    expect(toPlaceholder(box(400, 600, 1200, 226))).toEqual({ start: [400, 600], end: [1600, 826] });
    expect(fromPlaceholder({ start: [400, 600], end: [1600, 826] })).toEqual(box(400, 600, 1200, 226));
  });

  it('places the default name around half height over 60 % of the width, the number below', () => {
    const { recipientName: name, serialNumber: number } = defaultBoxes(A4);
    expect(name.x).toBe(400);
    expect(name.width).toBe(1200);
    expect(name.y + name.height / 2).toBeCloseTo(707, 0);
    expect(number.y).toBeGreaterThan(name.y + name.height);
    expect(number.y + number.height).toBeLessThanOrEqual(A4.height);
  });

  it('rescales boxes onto a template of another size', () => {
    const boxes = defaultBoxes(A4);
    const half = rescaleBoxes(boxes, A4, { width: 1000, height: 707 });
    expect(half.recipientName).toEqual(box(200, 297, 600, 113));
  });

  it('reads boxes off template objects, or null when one is missing', () => {
    const obj = (key: 'recipientName' | 'serialNumber') => ({
      key, placeholder: { start: [1, 2] as [number, number], end: [11, 22] as [number, number] }, anchor: { horizontal: 'middle' as const, vertical: 'middle' as const },
      textStyle: { font: 'Quicksand' as const, size: 10, color: '000000', charLength: 5 }, type: 'text' as const,
    });
    expect(boxesOf([obj('recipientName'), obj('serialNumber')])).toEqual({ recipientName: box(1, 2, 10, 20), serialNumber: box(1, 2, 10, 20) });
    expect(boxesOf([obj('recipientName')])).toBeNull();
  });
});
