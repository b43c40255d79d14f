import type { WithdrawalEventFacts } from '@eo/contract';

/** The event columns the contract's withdrawal rule reads. */
export const eventFacts = (e: {
  deletedAt: Date | null; isDraft: boolean; isPaidEvent: boolean; registrationMethod: string | null; lastEventAt: Date | null;
}): WithdrawalEventFacts => ({
  deleted: e.deletedAt !== null,
  isDraft: e.isDraft,
  isPaidEvent: e.isPaidEvent,
  registrationMethod: e.registrationMethod,
  lastEventAt: e.lastEventAt?.toISOString() ?? null,
});
