import type { FastifyInstance } from 'fastify';
import type { WhatsAppConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { sendWhatsAppJob } from './send-whatsapp.job.js';
import { WhatsAppOutbox } from './whatsapp-outbox.service.js';
import { whatsappRoutes } from './whatsapp.routes.js';
import { WhatsAppService } from './whatsapp.service.js';

/**
 * WhatsApp through the Cloud API: the outbox other modules queue messages in, the sender job
 * (only when configured), the webhook and the event's summary.
 */
export function createWhatsAppModule({ db, cfg, publicUrl }: { db: Db; cfg: WhatsAppConfig | undefined; publicUrl: string }) {
  const outbox = new WhatsAppOutbox(cfg, publicUrl);
  const whatsapp = new WhatsAppService(db, cfg);
  return {
    outbox,
    whatsapp,
    routes: (app: FastifyInstance) => whatsappRoutes(app, whatsapp),
    jobs: () => (cfg ? [sendWhatsAppJob({ db, cfg })] : []),
  };
}
