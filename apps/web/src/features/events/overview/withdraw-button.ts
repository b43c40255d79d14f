import { WITHDRAW_MSG, OVERVIEW_TEXT } from '@eo/contract';
import type { EventDetail } from '../../../lib/event-detail';

/**
 * Why `Tarik Penjualan` is disabled, shown as its tooltip (spec section 4: enabled only for a
 * past event that is not free-internal, with no withdrawal pending), or null when it is enabled.
 * A free internal event is known from the event itself; the rest comes from the coin account.
 */
export function withdrawDisabledReason(
  event: { isPaidEvent?: boolean | null; registrationMethod: EventDetail['registrationMethod'] },
  block: { isPending: boolean; data?: string | null },
): string | null {
  if (!event.isPaidEvent && event.registrationMethod === 'internal') return WITHDRAW_MSG.freeInternal;
  if (block.isPending) return OVERVIEW_TEXT.withdrawChecking;
  return block.data ?? null;
}
