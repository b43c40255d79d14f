import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { certificatePdf, PDF_LONG_SIDE_PT } from './certificate-pdf.js';
import { renderCertificate } from './render-certificate.js';
import { H, W, object, whitePng } from './render.fixture.js';

const link = 'https://eo.example.id/verify/000-000-000-000-001';

async function rendered() {
  return renderCertificate({
    template: await whitePng(),
    objects: [object('recipientName', [301, 501], [1700, 700])],
    texts: { recipientName: 'Siti Nur Aisyah', serialNumber: '000-001' },
    footer: `Verifikasi: ${link}`,
  });
}

describe('certificatePdf', () => {
  it('is one landscape page holding the JPEG, with a link over the footer', async () => {
    const { jpeg, width, height } = await rendered();
    const bytes = await certificatePdf({ jpeg, width, height, link, title: 'Sertifikat Siti Nur Aisyah' });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Sertifikat Siti Nur Aisyah');
    expect(doc.getSubject()).toContain(link);
    const page = doc.getPage(0);
    expect(page.getWidth()).toBeCloseTo(PDF_LONG_SIDE_PT, 3);
    expect(page.getHeight()).toBeCloseTo((PDF_LONG_SIDE_PT * H) / W, 3);

    // The image: one DCT-encoded XObject whose bytes are the JPEG, untouched.
    const xobjects = page.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const [ref] = xobjects.values();
    const image = doc.context.lookup(ref);
    if (!(image instanceof PDFRawStream)) throw new Error('image XObject is not a raw stream');
    expect(image.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('DCTDecode'));
    expect(Buffer.from(image.contents).equals(jpeg)).toBe(true);

    const annots = page.node.lookup(PDFName.of('Annots'), PDFArray);
    expect(annots.size()).toBe(1);
    const annot = annots.lookup(0, PDFDict);
    expect(annot.get(PDFName.of('Subtype'))).toBe(PDFName.of('Link'));
    const action = annot.lookup(PDFName.of('A'), PDFDict);
    expect(action.get(PDFName.of('S'))).toBe(PDFName.of('URI'));
    expect((action.lookup(PDFName.of('URI')) as PDFHexString | PDFString).decodeText()).toBe(link);
    const rect = annot.lookup(PDFName.of('Rect'), PDFArray).asRectangle();
    expect(rect.y).toBe(0);
    expect(rect.width).toBeCloseTo(PDF_LONG_SIDE_PT, 3);
    expect(rect.height).toBeGreaterThan(10);
    expect(rect.height).toBeLessThan(40);
  });

  it('has no annotation without a link, and refuses a non-web link', async () => {
    const { jpeg, width, height } = await rendered();
    const doc = await PDFDocument.load(await certificatePdf({ jpeg, width, height }));
    expect(doc.getPage(0).node.Annots()?.size() ?? 0).toBe(0);
    expect(doc.getTitle()).toBe('Sertifikat');
    await expect(certificatePdf({ jpeg, width, height, link: 'javascript:alert(1)' })).rejects.toThrow();
  });
});
