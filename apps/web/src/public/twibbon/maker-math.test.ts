import { describe, expect, it } from 'vitest';
import { clampView, coverScale, drag, INITIAL_VIEW, keyView, OUTPUT, pinchZoom, placement, wheelZoom, zoomTo } from './maker-math';

const landscape = { width: 4000, height: 3000 };
const portrait = { width: 600, height: 1200 };

describe('twibbon maker geometry', () => {
  it('the photo first covers the 1080 square, centred, by its shorter side', () => {
    expect(coverScale(landscape)).toBe(0.36);
    expect(placement(landscape, INITIAL_VIEW)).toEqual({ dx: -180, dy: 0, dw: 1440, dh: 1080 });
    expect(placement(portrait, INITIAL_VIEW)).toEqual({ dx: 0, dy: -540, dw: 1080, dh: 2160 });
    // A photo smaller than the output is scaled up to cover it.
    expect(placement({ width: 540, height: 540 }, INITIAL_VIEW)).toEqual({ dx: 0, dy: 0, dw: 1080, dh: 1080 });
  });

  it('moves only as far as keeps the square covered', () => {
    expect(clampView(landscape, { zoom: 1, x: 500, y: 50 })).toEqual({ zoom: 1, x: 180, y: 0 });
    expect(placement(landscape, { zoom: 1, x: -999, y: 0 })).toEqual({ dx: -360, dy: 0, dw: 1440, dh: 1080 });
  });

  it('a drag in CSS pixels moves the output by the canvas scale (a 360 px canvas: × 3)', () => {
    const v = drag(landscape, { zoom: 2, x: 0, y: 0 }, 10, -20, 360);
    expect(v).toEqual({ zoom: 2, x: 30, y: -60 });
    const p = placement(landscape, v);
    expect(p.dw).toBe(2880);
    expect(p.dx).toBe((OUTPUT - 2880) / 2 + 30);
  });

  it('zoom stays within 1..4 and keeps the pointed-at spot in place', () => {
    expect(zoomTo(landscape, INITIAL_VIEW, 9).zoom).toBe(4);
    expect(zoomTo(landscape, INITIAL_VIEW, 0.2).zoom).toBe(1);
    // Zooming ×2 around the top-left quarter point: that point of the photo stays under it.
    const before = placement(landscape, INITIAL_VIEW);
    const v = zoomTo(landscape, INITIAL_VIEW, 2, 270, 270);
    const after = placement(landscape, v);
    const u = (270 - before.dx) / before.dw;
    const w = (270 - before.dy) / before.dh;
    expect(after.dx + u * after.dw).toBeCloseTo(270, 6);
    expect(after.dy + w * after.dh).toBeCloseTo(270, 6);
    // Zooming back out re-centres as far as needed to keep the square covered.
    expect(zoomTo(landscape, v, 1)).toEqual(clampView(landscape, { zoom: 1, x: v.x / 2, y: v.y / 2 }));
  });

  it('keyboard: arrows move 20 output px, + and - zoom by 0.1, 0 resets, other keys do nothing', () => {
    const v = { zoom: 2, x: 0, y: 0 };
    expect(keyView(landscape, v, 'ArrowRight')).toEqual({ zoom: 2, x: 20, y: 0 });
    expect(keyView(landscape, v, 'ArrowUp')).toEqual({ zoom: 2, x: 0, y: -20 });
    expect(keyView(landscape, v, '+')!.zoom).toBeCloseTo(2.1);
    expect(keyView(landscape, v, '-')!.zoom).toBeCloseTo(1.9);
    expect(keyView(landscape, v, '0')).toEqual(INITIAL_VIEW);
    expect(keyView(landscape, v, 'a')).toBeUndefined();
    // At zoom 1 a square photo cannot move at all.
    expect(keyView({ width: 800, height: 800 }, INITIAL_VIEW, 'ArrowLeft')).toEqual(INITIAL_VIEW);
  });

  it('wheel and pinch factors', () => {
    expect(wheelZoom(2, 0)).toBe(2);
    expect(wheelZoom(1, -100)).toBeGreaterThan(1.1);
    expect(wheelZoom(1, 100)).toBeLessThan(1);
    expect(pinchZoom(1.5, 100, 200)).toBe(3);
    expect(pinchZoom(1.5, 0, 200)).toBe(1.5);
  });
});
