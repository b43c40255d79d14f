import { EVENT_MSG } from '@eo/contract';
import type { Caller } from '../../lib/caller.js';
import { DomainError, ERROR_CODE } from '../../lib/errors.js';
import type { EventsService } from '../events/events.service.js';

/** The twibbon's custom key (the wizard asks while it is typed); the key is stored with its event. */
export class TwibbonService {
  constructor(private readonly events: EventsService) {}

  /** 409 when another event has the key; the caller's own `eventIdNe` (the one being edited) does not count. */
  async assertKeyFree(caller: Caller, customKey: string, eventIdNe: string | undefined) {
    if (await this.events.customKeyTaken(caller, customKey, eventIdNe)) {
      throw new DomainError(ERROR_CODE.conflict, EVENT_MSG.customKeyTaken, { errors: [{ path: 'customKey', message: EVENT_MSG.customKeyTaken }] });
    }
  }
}
