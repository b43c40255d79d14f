import type { Db } from '../../db/client.js';
import { allows, Permission } from '../../lib/access.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { renderInvoice } from './invoice-pdf.js';
import { findInvoice } from './invoices.repository.js';

/** A transaction's invoice as a PDF. */
export class InvoicesService {
  constructor(private readonly db: Db) {}

  /**
   * `caller` undefined: a signed link, already verified, opens that one invoice. With a caller,
   * another organizer's invoice does not exist for them (404).
   */
  async pdf(transactionId: string, caller: Caller | undefined) {
    const invoice = await findInvoice(this.db, transactionId);
    if (!invoice || (caller && !allows(caller, Permission.InvoiceRead, invoice.creatorId))) throw notFound();
    return { invoiceId: invoice.invoiceId, pdf: await renderInvoice(invoice) };
  }
}
