import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { dueRemindersJob, sendMessageJob } from './deliver/send-message.job.js';
import { messagesRoutes } from './messages.routes.js';
import { MessagesService } from './messages.service.js';
import type { WhatsAppOutbox } from '../whatsapp/whatsapp-outbox.service.js';

/** Messages to participants and automatic reminders. */
export function createMessagesModule({ db, mailer, publicUrl, secret, dailyCap, ratePerSecond, retryBaseMs, whatsapp }: {
  db: Db; mailer: Mailer; publicUrl: string; secret: string; dailyCap: number; ratePerSecond: number; retryBaseMs?: number; whatsapp?: WhatsAppOutbox;
}) {
  const messages = new MessagesService(db, mailer, { publicUrl, secret, dailyCap });
  return {
    messages,
    routes: (app: FastifyInstance) => messagesRoutes(app, messages),
    jobs: () => [sendMessageJob({ db, mailer, publicUrl, secret, ratePerSecond, retryBaseMs, whatsapp }), dueRemindersJob({ db })],
  };
}
