import type { FastifyInstance } from 'fastify';
import { OWN_MSG, SALES } from '@eo/contract';
import { forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { optionalCaller } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { AuthService } from '../auth/auth.service.js';
import type { InvoiceLinks } from './invoice-link.js';
import type { InvoicesService } from './invoices.service.js';

const FILE = /^invoice-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/i;

export function invoicesRoutes(app: FastifyInstance, invoices: InvoicesService, auth: AuthService, links: InvoiceLinks) {
  // `v1/doc/event/invoice-{transactionId}.pdf`: opened in a new tab, so it takes the signed
  // link of the transaction list (no header there) or, for other clients, the owner's token.
  route(app, SALES.invoice, async (request, reply) => {
    const transactionId = FILE.exec(request.params.file)?.[1]?.toLowerCase();
    if (!transactionId) throw notFound();
    const { exp, sig } = request.query;
    const signed = links.verify(transactionId, exp, sig);
    const caller = signed ? undefined : await optionalCaller(request, auth);
    if (!signed && !caller) {
      if (sig || exp) throw forbidden(OWN_MSG.invoiceLinkInvalid);
      throw unauthorized();
    }
    const { invoiceId, pdf } = await invoices.pdf(transactionId, caller);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="invoice-${invoiceId.replace(/[^\w.-]/g, '_')}.pdf"`)
      .header('cache-control', 'private, no-store')
      // The app's CSP (object-src 'none') can stop a browser's PDF viewer; a PDF needs no scripts.
      .header('content-security-policy', "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'")
      .send(Buffer.from(pdf));
  });
}
