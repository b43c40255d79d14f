import { fill, formatRupiah, INVOICE_TEXT as T } from '@eo/contract';
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { wibDateTime } from '../../lib/table-export.js';
import type { InvoiceData } from './invoices.repository.js';

export const PLATFORM_NAME = 'EO Dashboard';

type Pdf = typeof import('pdf-lib');
const MARGIN = 50;

/**
 * The standard fonts speak WinAnsi only: a character outside it (an emoji, a non-Latin name)
 * would make pdf-lib throw, so it prints as `?`. The metadata keeps the full text.
 */
function printable(font: PDFFont) {
  const known = new Set(font.getCharacterSet());
  return (text: string) => Array.from(text.replace(/[\r\n\t]+/g, ' '), (c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** Cut with an ellipsis so that a long event name stays inside its column. */
function fit(text: string, font: PDFFont, size: number, width: number) {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

class Writer {
  y: number;
  private readonly clean: (t: string) => string;
  readonly grey: Color;
  readonly black: Color;
  constructor(lib: Pdf, private readonly page: PDFPage, private readonly font: PDFFont, private readonly bold: PDFFont) {
    this.y = page.getHeight() - MARGIN;
    this.clean = printable(font);
    this.grey = lib.rgb(0.4, 0.4, 0.4);
    this.black = lib.rgb(0, 0, 0);
  }

  text(t: string, x: number, o: { size?: number; bold?: boolean; color?: Color; width?: number; right?: boolean } = {}) {
    const size = o.size ?? 10;
    const font = o.bold ? this.bold : this.font;
    // Room runs to the right margin, or back to the left one for right-aligned text.
    const room = o.width ?? (o.right ? x - MARGIN : this.page.getWidth() - MARGIN - x);
    const s = fit(this.clean(t), font, size, room);
    const at = o.right ? x - font.widthOfTextAtSize(s, size) : x;
    this.page.drawText(s, { x: at, y: this.y, size, font, color: o.color ?? this.black });
  }

  /** A label in grey and its value beside it, then the next line. */
  row(label: string, value: string, o: { bold?: boolean } = {}) {
    this.text(label, MARGIN, { color: this.grey, width: 140 });
    this.text(value, MARGIN + 150, { bold: o.bold });
    this.y -= 16;
  }

  /** Label on the left of the totals block, amount right-aligned. */
  amount(label: string, value: string, o: { bold?: boolean } = {}) {
    const right = this.page.getWidth() - MARGIN;
    this.text(label, right - 260, { color: o.bold ? this.black : this.grey, bold: o.bold, width: 150 });
    this.text(value, right, { bold: o.bold, right: true });
    this.y -= 16;
  }

  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 6 }, end: { x: this.page.getWidth() - MARGIN, y: this.y + 6 }, thickness: 0.5, color: this.grey });
    this.y -= 12;
  }
}

export async function renderInvoice(inv: InvoiceData): Promise<Uint8Array> {
  // Loaded on first use: most API processes never render an invoice.
  const lib = await import('pdf-lib');
  const { StandardFonts } = lib;
  const doc = await lib.PDFDocument.create();
  const refunded = inv.status === 'refund';
  // The text a reader (or a test) can find without decoding the page's content stream.
  doc.setTitle(`Invoice ${inv.invoiceId}`);
  doc.setSubject(`${inv.eventName} - ${inv.buyerName} <${inv.buyerEmail}>`);
  doc.setKeywords([inv.invoiceId, inv.id, inv.buyerName, inv.buyerEmail, refunded ? 'REFUND' : 'PAID']);
  doc.setAuthor(PLATFORM_NAME);
  doc.setCreator(PLATFORM_NAME);
  doc.setCreationDate(inv.createdAt);

  const page = doc.addPage([595.28, 841.89]); // A4
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(lib, page, await doc.embedFont(StandardFonts.Helvetica), bold);
  const right = page.getWidth() - MARGIN;

  w.text(PLATFORM_NAME, MARGIN, { size: 20, bold: true });
  w.text(T.title, right, { size: 20, bold: true, right: true });
  w.y -= 34;
  w.row(T.invoiceNo, inv.invoiceId, { bold: true });
  w.row(T.date, fill(T.timeZone, { time: wibDateTime(inv.createdAt) }));
  w.row(T.status, refunded ? T.refund : T.paid, { bold: true });
  w.row(T.transactionId, inv.id);
  w.y -= 8;
  w.rule();
  w.row(T.event, inv.eventName, { bold: true });
  w.row(T.buyerName, inv.buyerName);
  w.row(T.email, inv.buyerEmail);
  w.row(T.phone, inv.buyerPhone ?? '-');
  w.y -= 8;
  w.rule();

  // One line item: the ticket.
  w.text(T.ticketType, MARGIN, { bold: true, width: 230 });
  w.text(T.quantity, MARGIN + 300, { bold: true, right: true });
  w.text(T.unitPrice, MARGIN + 400, { bold: true, right: true });
  w.text(T.subtotal, right, { bold: true, right: true });
  w.y -= 18;
  w.text(inv.ticketName, MARGIN, { width: 230 });
  w.text(String(inv.quantity), MARGIN + 300, { right: true });
  w.text(formatRupiah(inv.unitPrice), MARGIN + 400, { right: true });
  w.text(formatRupiah(inv.grossAmount), right, { right: true });
  w.y -= 24;
  w.rule();

  w.amount(T.gross, formatRupiah(inv.grossAmount));
  w.amount(inv.discountCode ? fill(T.discountWithCode, { code: inv.discountCode }) : T.discount, `-${formatRupiah(inv.discountAmount)}`);
  w.amount(T.total, formatRupiah(inv.amount), { bold: true });
  if (refunded && inv.refundedAt) w.amount(T.refunded, fill(T.timeZone, { time: wibDateTime(inv.refundedAt) }));

  w.y = MARGIN;
  w.text(fill(T.footer, { platform: PLATFORM_NAME }), MARGIN, { size: 8, color: w.grey });

  if (refunded) {
    page.drawText(T.refundStamp, { x: 150, y: 140, size: 96, font: bold, color: lib.rgb(0.8, 0.1, 0.1), opacity: 0.25, rotate: lib.degrees(30) });
  }
  return doc.save();
}
