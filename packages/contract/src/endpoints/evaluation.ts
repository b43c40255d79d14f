import { endpoint, fileAnswer } from '../endpoint.js';
import { EVALUATION_ADDRESS } from './evaluation-address.js';
import { TABLE_MEDIA_TYPES } from './media-types.js';
import {
  evaluationAnsweredResponseSchema, evaluationAnswersBodySchema, evaluationBodySchema, evaluationExportQuerySchema, evaluationParamsSchema, evaluationQuestionParamsSchema, evaluationResponseSchema, evaluationSummaryResponseSchema,
  evaluationTextAnswersQuerySchema, evaluationTextAnswersResponseSchema,
  publicEvaluationParamsSchema, publicEvaluationResponseSchema,
} from '../schemas/evaluation.js';

const tags = ['evaluation'] as const;

/**
 * The event's evaluation form (API.md, "Sessions, evaluation and certificate rules"): read by
 * any member, saved by owners and admins. Saving questions once answers exist: 409
 * EVALUATION_LOCKED (the window may still change).
 */
export const EVALUATION = {
  get: endpoint({
    action: 'events.read', method: 'GET', path: '/v1/events/:id/evaluation', tags, params: evaluationParamsSchema, status: 200, response: evaluationResponseSchema,
  }),
  put: endpoint({
    action: 'events.write', method: 'PUT', path: '/v1/events/:id/evaluation', tags, params: evaluationParamsSchema, body: evaluationBodySchema,
    status: 200, response: evaluationResponseSchema,
  }),
  /** Per question: answers, the mean and the spread of values, NPS; the latest text answers. Any member. */
  summary: endpoint({
    action: 'events.read', method: 'GET', path: '/v1/events/:id/evaluation/summary', tags, params: evaluationParamsSchema, status: 200,
    response: evaluationSummaryResponseSchema,
  }),
  /** One text question's answers, newest first, a page at a time (the summary shows the latest only). 404 for a question not of this form or not text. Any member. */
  textAnswers: endpoint({
    action: 'events.read', method: 'GET', path: '/v1/events/:id/evaluation/questions/:questionId/answers', tags, params: evaluationQuestionParamsSchema,
    query: evaluationTextAnswersQuerySchema, status: 200, response: evaluationTextAnswersResponseSchema,
  }),
  /** Every answer as a row (name, email, when, then a column per question); formula-safe cells. Owners, admins and finance. */
  export: endpoint({
    action: 'participants.export', method: 'GET', path: '/v1/events/:id/evaluation/export', tags, params: evaluationParamsSchema,
    query: evaluationExportQuerySchema, status: 200, response: fileAnswer('CSV or XLSX of the evaluation answers'), answer: 'file', produces: TABLE_MEDIA_TYPES,
  }),
  /** The participant's form by their e-ticket's code: unknown codes and events without a form are 404. */
  publicGet: endpoint({
    method: 'GET', path: '/v1/public/tickets/:ticketCode/evaluation', access: 'public', tags,
    params: publicEvaluationParamsSchema, status: 200, response: publicEvaluationResponseSchema,
  }),
  /**
   * Answers once, confirmed registrations only, inside the window: 409 ALREADY_ANSWERED,
   * EVALUATION_CLOSED or TICKET_NOT_CONFIRMED; 400 naming each question answered wrongly.
   */
  publicAnswer: endpoint({
    ...EVALUATION_ADDRESS.answer, tags,
    params: publicEvaluationParamsSchema, body: evaluationAnswersBodySchema, status: 201, response: evaluationAnsweredResponseSchema,
  }),
};
