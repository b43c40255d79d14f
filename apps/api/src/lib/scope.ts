import type { Caller } from './caller.js';

/**
 * The records a caller may see: an organizer its own events, a globalAdmin all of them.
 * Every repository query over events takes one of these; none trusts a query parameter.
 */
export interface OwnerScope { creatorId?: string }

export function ownerScope(caller: Caller): OwnerScope {
  return caller.isAdmin ? {} : { creatorId: caller.userId };
}
