import sharp from 'sharp';
import type { Random } from './random.js';

/** Category colours for the generated posters (pairs of gradient stops). */
const PALETTES: Record<string, [string, string]> = {
  Seminar: ['#5b3cc4', '#9b7bff'], Webinar: ['#5b3cc4', '#9b7bff'], Lomba: ['#d4380d', '#ffa940'],
  Beasiswa: ['#0958d9', '#69b1ff'], Volunteer: ['#389e0d', '#95de64'], Paper: ['#08979c', '#5cdbd3'],
  Pertunjukan: ['#c41d7f', '#ff85c0'], Kelas: ['#d46b08', '#ffc069'], Magang: ['#7cb305', '#d3f261'],
};

/**
 * Abstract artwork in the category's colours, `w` x `h` PNG: shapes only, so it renders the same
 * on a machine without fonts. Posters are 4:5; a twibbon template is square with a transparent
 * `hole` in the middle, where the participant's photo shows through.
 */
function artwork(type: string, rnd: Random, w: number, h: number, overlay: string, hole?: { cx: number; cy: number; r: number }): Promise<Buffer> {
  const [a, b] = PALETTES[type] ?? ['#434343', '#8c8c8c'];
  const circles = Array.from({ length: 7 }, () => {
    const r = rnd.int(40, 220);
    return `<circle cx="${rnd.int(0, w)}" cy="${rnd.int(0, h)}" r="${r}" fill="#fff" fill-opacity="${(rnd.int(6, 22) / 100).toFixed(2)}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
    <mask id="m"><rect width="${w}" height="${h}" fill="#fff"/>${hole ? `<circle cx="${hole.cx}" cy="${hole.cy}" r="${hole.r}" fill="#000"/>` : ''}</mask></defs>
    <g mask="url(#m)"><rect width="${w}" height="${h}" fill="url(#g)"/>${circles}${overlay}</g>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

export const demoPoster = (type: string, rnd: Random) =>
  artwork(type, rnd, 800, 1000, `
    <rect x="60" y="640" width="680" height="24" rx="12" fill="#fff" fill-opacity="0.85"/>
    <rect x="60" y="690" width="480" height="24" rx="12" fill="#fff" fill-opacity="0.6"/>
    <rect x="60" y="800" width="220" height="64" rx="32" fill="#fff"/>`);

export const demoTwibbon = (type: string, rnd: Random) =>
  artwork(type, rnd, 1000, 1000, '<circle cx="500" cy="500" r="342" fill="none" stroke="#fff" stroke-width="24"/>', { cx: 500, cy: 500, r: 330 });
