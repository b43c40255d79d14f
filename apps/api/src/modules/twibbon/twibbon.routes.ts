import type { FastifyInstance } from 'fastify';
import { EVENT_MSG, EVENTS } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { DomainError, ERROR_CODE } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { ownerScope } from '../../lib/scope.js';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { findScopedEvent } from '../events/event-detail.repository.js';
import { customKeyTaken } from '../events/event-write.repository.js';

export function twibbonRoutes(app: FastifyInstance, db: Db) {
  route(app, EVENTS.customKeyFree, async (request) => {
    const { customKey, eventIdNe } = request.query;
    const own = eventIdNe && isUuid(eventIdNe) ? await findScopedEvent(db, ownerScope(callerOf(request)), eventIdNe) : undefined;
    if (await customKeyTaken(db, customKey, own?.id)) {
      throw new DomainError(ERROR_CODE.conflict, EVENT_MSG.customKeyTaken, { errors: [{ path: 'customKey', message: EVENT_MSG.customKeyTaken }] });
    }
    return { data: { result: true as const } };
  });
}
