import { OG_IMAGE_SIZE } from '@eo/contract';

const { width: W, height: H } = OG_IMAGE_SIZE;
/** Room around the poster, so its edges show whatever its shape. */
const MARGIN = 36;
const RADIUS = 12;
/** Posters were judged at upload (at most 16 megapixels); this only bounds a surprise. */
const MAX_INPUT_PIXELS = 25_000_000;
/** Bumped when the card's look changes: the stored cards of every poster are made again. */
export const OG_RENDER_VERSION = 1;

/**
 * A stored poster (`/files/YYYY/MM/<uuid>.png|jpg`, relative or on our public origin): its
 * storage name and file id; null for none or for an image elsewhere (never fetched: the
 * server makes no requests to addresses an organizer typed).
 */
export function posterFile(imageUrl: string | null, publicUrl: string): { rel: string; id: string } | null {
  if (!imageUrl) return null;
  const path = imageUrl.startsWith(`${publicUrl}/`) ? imageUrl.slice(publicUrl.length) : imageUrl;
  const m = /^\/files\/(\d{4}\/\d{2}\/([0-9a-f-]{36})\.(?:png|jpg))$/.exec(path);
  return m ? { rel: m[1]!, id: m[2]! } : null;
}

/** Where a poster's card is stored: beside the poster, named by its file id and the card's look. */
export const ogImageName = (poster: { rel: string; id: string }) =>
  poster.rel.replace(/[^/]+$/, `${poster.id}.og${OG_RENDER_VERSION}.jpg`);

/** An SVG of `w` × `h` holding one black rounded rectangle. */
const roundedRect = (w: number, h: number, rect: { x: number; y: number; w: number; h: number }, opacity = 1) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect x="${rect.x}" y="${rect.y}" width="${rect.w}" height="${rect.h}" rx="${RADIUS}" fill="#000" fill-opacity="${opacity}"/></svg>`);

/**
 * The link-preview card: the whole poster, rounded and lifted by a soft shadow, centred on a
 * blurred and darkened cover of itself, 1200 × 630 JPEG. The blur runs on a thumbnail and is
 * scaled up: the same look as blurring the full card, at a fraction of the time.
 */
export async function renderOgImage(poster: Buffer): Promise<Buffer> {
  // Loaded on the first card: libvips and its bindings are about 10 MB that an idle server need not hold.
  const { default: sharp } = await import('sharp');
  const input = () => sharp(poster, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  // Two pipelines: sharp applies one resize per pipeline, the last one asked.
  const thumbnail = await input().resize(40, 21, { fit: 'cover' }).blur(1).modulate({ brightness: 0.7, saturation: 1.15 }).png().toBuffer();
  const backdrop = await sharp(thumbnail).resize(W, H, { kernel: 'cubic' }).toBuffer();
  const { data: front, info } = await input()
    .resize(W - 2 * MARGIN, H - 2 * MARGIN, { fit: 'inside' })
    .ensureAlpha()
    .toBuffer({ resolveWithObject: true });
  const rounded = await sharp(front)
    .composite([{ input: roundedRect(info.width, info.height, { x: 0, y: 0, w: info.width, h: info.height }), blend: 'dest-in' }])
    .png()
    .toBuffer();
  const pad = 24;
  const shadow = await sharp(roundedRect(info.width + 2 * pad, info.height + 2 * pad, { x: pad, y: pad + 6, w: info.width, h: info.height }, 0.5))
    .blur(10)
    .png()
    .toBuffer();
  const left = Math.round((W - info.width) / 2);
  const top = Math.round((H - info.height) / 2);
  return sharp(backdrop)
    .composite([
      { input: shadow, left: left - pad, top: top - pad },
      { input: rounded, left, top },
    ])
    .jpeg({ quality: 84, chromaSubsampling: '4:2:0' })
    .toBuffer();
}
