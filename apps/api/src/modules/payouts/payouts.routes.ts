import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availableWithdrawalQuerySchema, availableWithdrawalResponseSchema, coinAccountQuerySchema, coinAccountResponseSchema,
  IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema, receiptQuerySchema, receiptResponseSchema, saveBankAccountSchema, savedBankAccountsResponseSchema,
  WITHDRAW_ID, WITHDRAW_MSG, WITHDRAW_OWN_MSG, withdrawalListQuerySchema, withdrawalListResponseSchema, withdrawalRequestResponseSchema,
  withdrawalRequestSchema, withdrawalResendSchema, withdrawalResponseSchema, withdrawalStatusSchema, withdrawalUnlockParamsSchema,
  withdrawalUnlockResponseSchema, withdrawalVerifySchema,
} from '@eo/contract';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { callerOf } from '../../plugins/auth.js';
import { PayoutsService } from './payouts.service.js';
import { WithdrawalListsService } from './withdrawal-lists.service.js';
import type { WithdrawalsService } from './withdrawals.service.js';
import { setWithdrawalStatus, unlockWithdrawals } from './withdrawal-status.js';

const idempotencyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() });

export function payoutsRoutes(app: FastifyInstance, db: Db, withdrawals: WithdrawalsService, mailer: Mailer) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payouts'];
  const payouts = new PayoutsService(db, withdrawals, mailer);
  const lists = new WithdrawalListsService(db, withdrawals);

  r.get('/v1/transactions/eo/coin', {
    schema: { tags, querystring: coinAccountQuerySchema, response: { 200: coinAccountResponseSchema } },
  }, async (request) => ({ data: { result: await payouts.coinAccount(callerOf(request), request.query.eventId) } }));

  r.get('/v1/transactions/eo/bank-accounts', {
    schema: { tags, response: { 200: savedBankAccountsResponseSchema } },
  }, async (request) => ({ data: { docs: await payouts.savedBankAccounts(callerOf(request)) } }));

  r.post('/v1/transactions/eo/bank-account', {
    schema: { tags, body: saveBankAccountSchema, response: { 200: coinAccountResponseSchema } },
  }, async (request) => ({
    message: WITHDRAW_OWN_MSG.bankSaved,
    data: { result: await payouts.saveBankAccount(callerOf(request), request.body) },
  }));

  r.post('/v1/transactions/eo/coin/withdrawal', {
    schema: { tags, headers: idempotencyHeaders, body: withdrawalRequestSchema, response: { 201: withdrawalRequestResponseSchema } },
  }, async (request, reply) => {
    const answer = await withdrawals.request(callerOf(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER]);
    return reply.status(answer.statusCode as 201).send(answer.body as z.infer<typeof withdrawalRequestResponseSchema>);
  });

  r.post('/v1/transactions/eo/coin/withdrawal/verif', {
    schema: { tags, body: withdrawalVerifySchema, response: { 200: withdrawalResponseSchema } },
  }, async (request) => {
    const caller = callerOf(request);
    const { verified } = await withdrawals.verify(caller, request.body.eoCoinId, request.body.code);
    return { message: WITHDRAW_MSG.success, messageId: WITHDRAW_ID.verified, data: { result: await lists.withdrawal(caller, verified.id) } };
  });

  r.post('/v1/transactions/eo/coin/withdrawal/resend', {
    schema: { tags, body: withdrawalResendSchema, response: { 200: withdrawalRequestResponseSchema } },
  }, async (request) => ({
    message: WITHDRAW_OWN_MSG.codeResent,
    messageId: WITHDRAW_ID.codeSent,
    data: { result: await withdrawals.resend(callerOf(request), request.body.eoCoinId) },
  }));

  r.get('/v1/transactions/eo/coin/withdrawal', {
    schema: { tags, querystring: withdrawalListQuerySchema, response: { 200: withdrawalListResponseSchema } },
  }, async (request) => ({ data: await lists.history(callerOf(request), request.query) }));

  r.get('/v1/transactions/eo/coin/withdrawal/receipt', {
    schema: { tags, querystring: receiptQuerySchema, response: { 200: receiptResponseSchema } },
  }, async (request) => ({ data: { result: await lists.receipt(callerOf(request), request.query.transactionId) } }));

  r.get('/v1/events/available-withdrawal', {
    schema: { tags, querystring: availableWithdrawalQuerySchema, response: { 200: availableWithdrawalResponseSchema } },
  }, async (request) => ({ data: await lists.available(callerOf(request), request.query) }));

  r.post('/v1/admin/withdrawals/:referenceId/status', {
    config: { access: 'admin' },
    schema: { tags: ['admin'], params: z.object({ referenceId: z.string().min(1).max(100) }), body: withdrawalStatusSchema },
  }, async (request) => ({ data: { result: await setWithdrawalStatus(db, callerOf(request).userId, request.params.referenceId, request.body.status) } }));

  r.post('/v1/admin/coin-accounts/:eoCoinId/withdrawal-unlock', {
    config: { access: 'admin' },
    schema: { tags: ['admin'], params: withdrawalUnlockParamsSchema, response: { 200: withdrawalUnlockResponseSchema } },
  }, async (request) => ({
    message: WITHDRAW_OWN_MSG.unlocked,
    data: { result: await unlockWithdrawals(db, callerOf(request).userId, request.params.eoCoinId) },
  }));
}
