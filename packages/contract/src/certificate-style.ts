/**
 * Certificate typography (spec sections 3 and 9): five fonts and twelve colours. The same TTF
 * files are drawn by the browser's preview canvas and the server's renderer, so what the
 * organizer places is what recipients get. `file` is the TTF inside `@expo-google-fonts/<pkg>`.
 */
export const CERT_FONTS = [
  { value: 'Quicksand', label: 'Quicksand', pkg: 'quicksand', file: '600SemiBold/Quicksand_600SemiBold.ttf', cssClass: 'cert-font-quicksand' },
  { value: 'Poppins', label: 'Poppins', pkg: 'poppins', file: '600SemiBold/Poppins_600SemiBold.ttf', cssClass: 'cert-font-poppins' },
  { value: 'Montserrat', label: 'Montserrat', pkg: 'montserrat', file: '700Bold/Montserrat_700Bold.ttf', cssClass: 'cert-font-montserrat' },
  { value: 'PlayfairDisplay', label: 'Playfair Display', pkg: 'playfair-display', file: '700Bold/PlayfairDisplay_700Bold.ttf', cssClass: 'cert-font-playfair' },
  { value: 'GreatVibes', label: 'Great Vibes', pkg: 'great-vibes', file: '400Regular/GreatVibes_400Regular.ttf', cssClass: 'cert-font-greatvibes' },
] as const;
export type CertFont = (typeof CERT_FONTS)[number]['value'];
export const CERT_FONT_VALUES = CERT_FONTS.map((f) => f.value) as [CertFont, ...CertFont[]];

/** Hex without `#` as stored (spec section 3); white and yellow get a shadow so they read on light templates. */
export const CERT_COLORS = [
  { name: 'Hitam', hex: '000000' },
  { name: 'Putih', hex: 'FFFFFF', shadow: true },
  { name: 'Kuning', hex: 'FFD600', shadow: true },
  { name: 'Merah', hex: 'C62828' },
  { name: 'Merah Marun', hex: '7B1E1E' },
  { name: 'Oranye', hex: 'EF6C00' },
  { name: 'Emas', hex: 'B8860B' },
  { name: 'Hijau', hex: '2E7D32' },
  { name: 'Biru', hex: '1565C0' },
  { name: 'Biru Dongker', hex: '1A237E' },
  { name: 'Ungu', hex: '6A1B9A' },
  { name: 'Abu-abu', hex: '616161' },
] as const;
export const colorHasShadow = (hex: string) => CERT_COLORS.some((c) => c.hex === hex.toUpperCase() && 'shadow' in c && c.shadow);

/** Spec section 9 defaults. */
export const CERT_DEFAULTS = {
  font: 'Quicksand' as CertFont,
  recipientSize: 120,
  serialSize: 70,
  color: '000000',
  recipientMaxChars: 24,
  serialMaxChars: 30,
  sampleName: 'Lorem Ipsum Dolor Sit Aliquam.',
  prefix: '000-000-000-000',
} as const;

/** Serial numbers: `prefix-001` … in CSV order; at least three digits, more when there are more recipients. */
export const serialNumber = (prefix: string, n: number, total: number) =>
  `${prefix}-${String(n).padStart(Math.max(3, String(total).length), '0')}`;
