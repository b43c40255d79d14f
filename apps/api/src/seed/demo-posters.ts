import sharp from 'sharp';
import type { Random } from './random.js';

/** Category colours for the generated posters (pairs of gradient stops). */
const PALETTES: Record<string, [string, string]> = {
  Seminar: ['#5b3cc4', '#9b7bff'], Webinar: ['#5b3cc4', '#9b7bff'], Lomba: ['#d4380d', '#ffa940'],
  Beasiswa: ['#0958d9', '#69b1ff'], Volunteer: ['#389e0d', '#95de64'], Paper: ['#08979c', '#5cdbd3'],
  Pertunjukan: ['#c41d7f', '#ff85c0'], Kelas: ['#d46b08', '#ffc069'], Magang: ['#7cb305', '#d3f261'],
};

/**
 * An abstract 4:5 poster (800 x 1000 PNG) in the category's colours: shapes only, so it renders
 * the same on a machine without fonts.
 */
export function demoPoster(type: string, rnd: Random): Promise<Buffer> {
  const [a, b] = PALETTES[type] ?? ['#434343', '#8c8c8c'];
  const circles = Array.from({ length: 7 }, () => {
    const r = rnd.int(40, 220);
    return `<circle cx="${rnd.int(0, 800)}" cy="${rnd.int(0, 1000)}" r="${r}" fill="#fff" fill-opacity="${(rnd.int(6, 22) / 100).toFixed(2)}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="800" height="1000" fill="url(#g)"/>${circles}
    <rect x="60" y="640" width="680" height="24" rx="12" fill="#fff" fill-opacity="0.85"/>
    <rect x="60" y="690" width="480" height="24" rx="12" fill="#fff" fill-opacity="0.6"/>
    <rect x="60" y="800" width="220" height="64" rx="32" fill="#fff"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
