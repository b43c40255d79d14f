import { PDFDocument, PDFHexString, PDFName } from 'pdf-lib';
import { footerBand } from './footer.js';

/** The page's long side in points (A4's 842 pt); the short side follows the image's aspect. */
export const PDF_LONG_SIDE_PT = 842;

export interface CertificatePdfInput { jpeg: Buffer; width: number; height: number; link?: string; title?: string }

/**
 * A one-page PDF of the rendered certificate: the JPEG embedded as is (no pixel decoding) over
 * the whole page, and when `link` is given a clickable area over the footer strip opening it.
 */
export async function certificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title ?? 'Sertifikat');
  doc.setSubject(input.link ? `Sertifikat · Verifikasi: ${input.link}` : 'Sertifikat');
  doc.setCreator('EO Dashboard');
  const scale = PDF_LONG_SIDE_PT / Math.max(input.width, input.height);
  const page = doc.addPage([input.width * scale, input.height * scale]);
  const image = await doc.embedJpg(input.jpeg);
  page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  if (input.link) {
    const band = footerBand(input.width, input.height);
    // The footer strip is the image's bottom edge; PDF y grows upwards from the bottom.
    const annot = doc.context.register(doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [0, 0, page.getWidth(), band.height * scale],
      Border: [0, 0, 0],
      // Hex string of the normalised ASCII URL: no PDF string escaping to get wrong.
      A: { Type: 'Action', S: 'URI', URI: PDFHexString.of(Buffer.from(httpUrl(input.link), 'ascii').toString('hex')) },
    }));
    page.node.set(PDFName.of('Annots'), doc.context.obj([annot]));
  }
  return Buffer.from(await doc.save());
}

/** Only web links belong in a certificate; `URL` also percent-encodes anything non-ASCII. */
function httpUrl(link: string): string {
  const url = new URL(link);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('Certificate link must be an http(s) URL');
  return url.href;
}
