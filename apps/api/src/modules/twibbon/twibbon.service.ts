import { EVENT_MSG, MESSAGE_ID } from '@eo/contract';
import type { Caller } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import type { EventsService } from '../events/events.service.js';

/** The twibbon's custom key (the wizard asks while it is typed); the key is stored with its event. */
export class TwibbonService {
  constructor(private readonly events: EventsService) {}

  /** 409 when another event has the key; the caller's own `eventIdNe` (the one being edited) does not count. */
  async assertKeyFree(caller: Caller, customKey: string, eventIdNe: string | undefined) {
    if (await this.events.customKeyTaken(caller, customKey, eventIdNe)) {
      throw new AppError(409, EVENT_MSG.customKeyTaken, MESSAGE_ID.conflict, [{ path: 'customKey', message: EVENT_MSG.customKeyTaken }]);
    }
  }
}
