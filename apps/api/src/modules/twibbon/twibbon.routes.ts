import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CUSTOM_KEY_RE, envelope, EVENT_MSG, MESSAGE_ID } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { ownerScope } from '../../lib/scope.js';
import { callerOf } from '../../plugins/auth.js';
import { findScopedEvent } from '../events/event-detail.repository.js';
import { customKeyTaken } from '../events/event-write.repository.js';

const query = z.object({
  customKey: z.string({ error: EVENT_MSG.customKey }).trim().min(1, EVENT_MSG.customKey).max(100).regex(CUSTOM_KEY_RE, EVENT_MSG.customKeyPattern),
  /** The event being edited: its own key does not count as taken. Ignored unless it is the caller's. */
  eventIdNe: z.string().max(100).optional(),
});

export function twibbonRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/twibbons/existence', {
    schema: { tags: ['events'], querystring: query, response: { 200: envelope(z.object({ result: z.literal(true) })) } },
  }, async (request) => {
    const { customKey, eventIdNe } = request.query;
    const own = eventIdNe && isUuid(eventIdNe) ? await findScopedEvent(db, ownerScope(callerOf(request)), eventIdNe) : undefined;
    if (await customKeyTaken(db, customKey, own?.id)) {
      throw new AppError(409, EVENT_MSG.customKeyTaken, MESSAGE_ID.conflict, [{ path: 'customKey', message: EVENT_MSG.customKeyTaken }]);
    }
    return { data: { result: true as const } };
  });
}
