import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { EventsService } from '../events/events.service.js';
import type { InvoiceLinks } from '../invoices/invoice-link.js';
import { salesRoutes } from './sales.routes.js';
import { SalesService } from './sales.service.js';

export function createSalesModule({ db, links, events }: { db: Db; links: InvoiceLinks; events: EventsService }) {
  const sales = new SalesService(db, links, events);
  return { routes: (app: FastifyInstance) => salesRoutes(app, sales) };
}
