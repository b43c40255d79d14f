import type { UploadKind } from '@eo/contract';

export interface Sniffed { kind: UploadKind; width?: number; height?: number; tooManyPixels?: boolean }

/**
 * What a file really is, from its bytes (never its name or the client's content type):
 * PDF by its header, PNG or JPEG through sharp's decoder header, or CSV as UTF-8 text that is not markup.
 * An image over `maxPixels` (header only) comes back with `tooManyPixels` and is never decoded.
 */
export async function sniff(data: Buffer, maxPixels = 100_000_000): Promise<Sniffed | null> {
  // A PDF starts with its header; served only as an attachment of a private file, never inline.
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return { kind: 'pdf' };
  // Loaded on the first upload (libvips holds ~30 MB resident), outside the try: a broken install is an error, not an unknown file.
  const { default: sharp } = await import('sharp');
  try {
    // metadata() reads the header only; the pixel limit applies when decoding.
    const meta = await sharp(data, { failOn: 'error', limitInputPixels: false }).metadata();
    if ((meta.format === 'png' || meta.format === 'jpeg') && meta.width && meta.height) {
      if (meta.width * meta.height > maxPixels) return { kind: meta.format, width: meta.width, height: meta.height, tooManyPixels: true };
      // The header alone says nothing of the rest: decode every row (down to a thumbnail, so
      // memory stays small) so that a truncated or corrupt image is refused now, not when a
      // certificate is rendered from it.
      await sharp(data, { failOn: 'truncated', limitInputPixels: maxPixels }).resize(16, 16, { fit: 'inside' }).toBuffer();
      // EXIF orientations 5–8 turn the picture a quarter: browsers and the certificate renderer
      // show it turned, so its shape (landscape, square) is judged the way it will be seen.
      const turned = (meta.orientation ?? 1) >= 5;
      return { kind: meta.format, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
    }
    return null;
  } catch {
    // Not an image: maybe text.
  }
  if (data.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data.subarray(0, 64 * 1024));
  } catch {
    return null;
  }
  const first = text.replace(/^\uFEFF/, '').trimStart();
  if (first === '' || first.startsWith('<')) return null;
  return { kind: 'csv' };
}
