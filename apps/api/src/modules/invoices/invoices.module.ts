import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AuthService } from '../auth/auth.service.js';
import type { InvoiceLinks } from './invoice-link.js';
import { invoicesRoutes } from './invoices.routes.js';
import { InvoicesService } from './invoices.service.js';

/** `links` signs the invoice URLs the sales module lists and verifies them here. */
export function createInvoicesModule({ db, auth, links }: { db: Db; auth: AuthService; links: InvoiceLinks }) {
  const invoices = new InvoicesService(db);
  return { routes: (app: FastifyInstance) => invoicesRoutes(app, invoices, auth, links) };
}
