import { emptyAnswer, endpoint } from '../endpoint.js';
import {
  platformEventParamsSchema, platformRefundResponseSchema, platformRegistrationBodySchema, platformRegistrationResponseSchema, platformSaveParamsSchema,
  platformTransactionParamsSchema,
} from '../schemas/platform.js';

const tags = ['platform'] as const;
const access = 'platform' as const;

/** Platform intake (API.md): the participant app's calls, behind `X-Platform-Key`. */
export const PLATFORM = {
  views: endpoint({ method: 'POST', path: '/v1/platform/events/:eventId/views', tags, access, params: platformEventParamsSchema, status: 204, response: emptyAnswer, answer: 'empty' }),
  save: endpoint({ method: 'PUT', path: '/v1/platform/events/:eventId/saves/:userRef', tags, access, params: platformSaveParamsSchema, status: 204, response: emptyAnswer, answer: 'empty' }),
  unsave: endpoint({ method: 'DELETE', path: '/v1/platform/events/:eventId/saves/:userRef', tags, access, params: platformSaveParamsSchema, status: 204, response: emptyAnswer, answer: 'empty' }),
  register: endpoint({
    method: 'POST', path: '/v1/platform/events/:eventId/registrations', tags, access, params: platformEventParamsSchema, body: platformRegistrationBodySchema,
    status: 201, response: platformRegistrationResponseSchema,
  }),
  refund: endpoint({
    method: 'POST', path: '/v1/platform/transactions/:transactionId/refund', tags, access, params: platformTransactionParamsSchema, status: 200, response: platformRefundResponseSchema,
  }),
};
