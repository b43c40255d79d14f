/**
 * The twibbon maker's geometry, free of the DOM (tested on its own): the photo covers the square
 * output (OUTPUT × OUTPUT), centred, then zoomed by the participant (1 = just covering) and moved
 * by an offset of its centre, in output pixels. The photo always covers the whole square: the
 * offset is clamped so no empty edge shows under the frame.
 */
export const OUTPUT = 1080;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** How far one arrow key moves the photo, in output pixels. */
export const KEY_STEP = 20;
/** How much one + / - changes the zoom. */
export const ZOOM_STEP = 0.1;

export interface Size { width: number; height: number }
export interface View { zoom: number; x: number; y: number }
/** Where the photo is drawn in the output: `ctx.drawImage(photo, dx, dy, dw, dh)`. */
export interface Placement { dx: number; dy: number; dw: number; dh: number }

export const INITIAL_VIEW: View = { zoom: 1, x: 0, y: 0 };

const clampTo = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The scale at which the photo just covers the square (its shorter side fills it). */
export function coverScale(photo: Size, size = OUTPUT): number {
  if (photo.width <= 0 || photo.height <= 0) return 1;
  return Math.max(size / photo.width, size / photo.height);
}

/** The view with its zoom in range and its offset within what keeps the square covered. */
export function clampView(photo: Size, view: View, size = OUTPUT): View {
  const zoom = clampTo(Number.isFinite(view.zoom) ? view.zoom : 1, MIN_ZOOM, MAX_ZOOM);
  const s = coverScale(photo, size) * zoom;
  const maxX = Math.max(0, (photo.width * s - size) / 2);
  const maxY = Math.max(0, (photo.height * s - size) / 2);
  // `+ 0` turns -0 into 0.
  return { zoom, x: clampTo(view.x, -maxX, maxX) + 0, y: clampTo(view.y, -maxY, maxY) + 0 };
}

/** The photo's rectangle in the output square for a view. */
export function placement(photo: Size, view: View, size = OUTPUT): Placement {
  const v = clampView(photo, view, size);
  const s = coverScale(photo, size) * v.zoom;
  const dw = photo.width * s;
  const dh = photo.height * s;
  return { dx: (size - dw) / 2 + v.x, dy: (size - dh) / 2 + v.y, dw, dh };
}

/** Moves the photo by a pointer drag of (dx, dy) CSS pixels on a canvas shown `shownWidth` pixels wide. */
export function drag(photo: Size, view: View, dx: number, dy: number, shownWidth: number, size = OUTPUT): View {
  const k = shownWidth > 0 ? size / shownWidth : 1;
  return clampView(photo, { ...view, x: view.x + dx * k, y: view.y + dy * k }, size);
}

/**
 * Zooms to `zoom`, keeping the output point (px, py) (default: the centre) where it is, so a
 * pinch or a wheel zooms around the fingers / the cursor.
 */
export function zoomTo(photo: Size, view: View, zoom: number, px = OUTPUT / 2, py = OUTPUT / 2, size = OUTPUT): View {
  const next = clampTo(zoom, MIN_ZOOM, MAX_ZOOM);
  const ratio = next / view.zoom;
  // A point p of the photo sits at centre + offset + (p - centre - offset) * ratio after zooming:
  // keep (px, py) fixed by scaling its distance from the photo's centre.
  const cx = size / 2 + view.x;
  const cy = size / 2 + view.y;
  const x = px - (px - cx) * ratio - size / 2;
  const y = py - (py - cy) * ratio - size / 2;
  return clampView(photo, { zoom: next, x, y }, size);
}

/** Keyboard: arrows move, + / = zoom in, - zoom out, 0 resets; undefined for any other key. */
export function keyView(photo: Size, view: View, key: string, size = OUTPUT): View | undefined {
  switch (key) {
    case 'ArrowLeft': return clampView(photo, { ...view, x: view.x - KEY_STEP }, size);
    case 'ArrowRight': return clampView(photo, { ...view, x: view.x + KEY_STEP }, size);
    case 'ArrowUp': return clampView(photo, { ...view, y: view.y - KEY_STEP }, size);
    case 'ArrowDown': return clampView(photo, { ...view, y: view.y + KEY_STEP }, size);
    case '+': case '=': return zoomTo(photo, view, view.zoom + ZOOM_STEP, undefined, undefined, size);
    case '-': case '_': return zoomTo(photo, view, view.zoom - ZOOM_STEP, undefined, undefined, size);
    case '0': return INITIAL_VIEW;
    default: return undefined;
  }
}

/** The wheel's zoom factor: smooth for a trackpad, one notch (100) ≈ 10%. */
export const wheelZoom = (zoom: number, deltaY: number) => zoom * Math.exp(-deltaY * 0.001);

/** The zoom after a pinch whose finger distance went from `from` to `to`. */
export const pinchZoom = (zoom: number, from: number, to: number) => (from > 0 ? zoom * (to / from) : zoom);
