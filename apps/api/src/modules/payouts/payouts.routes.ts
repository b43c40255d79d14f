import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { fill, IDEMPOTENCY_KEY_HEADER, PAYOUTS, WITHDRAW_ID, WITHDRAW_MSG, WITHDRAW_OWN_MSG, type withdrawalRequestResponseSchema } from '@eo/contract';
import { callerOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { PayoutsService } from './payouts.service.js';
import type { WithdrawalListsService } from './withdrawal-lists.service.js';
import type { StoredAnswer, WithdrawalRequested, WithdrawalsService } from './withdrawals.service.js';
import type { WithdrawalAdmin } from './withdrawal-status.js';

/** A new withdrawal request: 201, and the messageId that opens the web's code step. */
const requestedAnswer = ({ email, verification }: WithdrawalRequested): StoredAnswer => ({
  statusCode: 201,
  body: { message: fill(WITHDRAW_OWN_MSG.codeSent, { email }), messageId: WITHDRAW_ID.codeSent, data: { result: verification } },
});

export interface PayoutsServices { payouts: PayoutsService; lists: WithdrawalListsService; withdrawals: WithdrawalsService; admin: WithdrawalAdmin }

export function payoutsRoutes(app: FastifyInstance, { payouts, lists, withdrawals, admin }: PayoutsServices) {

  route(app, PAYOUTS.coinAccount, async (request) => ({ data: { result: await payouts.coinAccount(callerOf(request), request.query.eventId) } }));

  route(app, PAYOUTS.savedBankAccounts, async (request) => ({ data: { docs: await payouts.savedBankAccounts(callerOf(request)) } }));

  route(app, PAYOUTS.saveBankAccount, async (request) => ({
    message: WITHDRAW_OWN_MSG.bankSaved,
    data: { result: await payouts.saveBankAccount(callerOf(request), request.body) },
  }));

  route(app, PAYOUTS.requestWithdrawal, async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    const outcome = await withdrawals.request(callerOf(request), request.body, key ? { key, answerOf: requestedAnswer } : undefined);
    // A repeated Idempotency-Key gets the first answer again, status included.
    const answer = outcome.created ? requestedAnswer(outcome) : outcome.replay;
    return reply.status(answer.statusCode as 201).send(answer.body as z.infer<typeof withdrawalRequestResponseSchema>);
  });

  route(app, PAYOUTS.verifyWithdrawal, async (request) => {
    const caller = callerOf(request);
    const { verified } = await withdrawals.verify(caller, request.body.eoCoinId, request.body.code);
    return { message: WITHDRAW_MSG.success, messageId: WITHDRAW_ID.verified, data: { result: await lists.withdrawal(caller, verified.id) } };
  });

  route(app, PAYOUTS.resendCode, async (request) => ({
    message: WITHDRAW_OWN_MSG.codeResent,
    messageId: WITHDRAW_ID.codeSent,
    data: { result: await withdrawals.resend(callerOf(request), request.body.eoCoinId) },
  }));

  route(app, PAYOUTS.history, async (request) => ({ data: await lists.history(callerOf(request), request.query) }));

  route(app, PAYOUTS.receipt, async (request) => ({ data: { result: await lists.receipt(callerOf(request), request.query.transactionId) } }));

  route(app, PAYOUTS.available, async (request) => ({ data: await lists.available(callerOf(request), request.query) }));

  route(app, PAYOUTS.setStatus, async (request) => ({ data: { result: await admin.setStatus(callerOf(request).userId, request.params.referenceId, request.body.status) } }));

  route(app, PAYOUTS.unlock, async (request) => ({
    message: WITHDRAW_OWN_MSG.unlocked,
    data: { result: await admin.unlock(callerOf(request).userId, request.params.eoCoinId) },
  }));
}
