import type { Db } from '../../db/client.js';
import { allows, enterOrganization, Permission } from '../../lib/access.js';
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
    if (!invoice) throw notFound();
    // A token names no organization here: the invoice's own is entered (404 to a non-member, 403 to a role without sales).
    const entered = caller && (caller.isAdmin ? caller : await enterOrganization(this.db, caller, invoice.organizationId, 'sales'));
    if (entered && !allows(entered, Permission.InvoiceRead, invoice.organizationId)) throw notFound();
    return { invoiceId: invoice.invoiceId, pdf: await renderInvoice(invoice) };
  }
}
