import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGE_ID, OWN_MSG, type ErrorBody } from '@eo/contract';
import { DomainError, ERROR_CODE as C, type ErrorCode } from '../lib/errors.js';

/** The one place a domain refusal gets its HTTP status. */
const HTTP_STATUS: Record<ErrorCode, number> = {
  [C.validation]: 400, [C.withdrawNotAllowed]: 400, [C.withdrawCodeWrong]: 400, [C.attendanceCodeWrong]: 400, [C.challengeRequired]: 400,
  [C.unauthorized]: 401, [C.tokenReused]: 401, [C.whatsappSignatureInvalid]: 401,
  [C.forbidden]: 403, [C.forbiddenRole]: 403, [C.forbiddenScope]: 403,
  [C.notFound]: 404, [C.ticketNotFound]: 404, [C.sessionNotFound]: 404,
  [C.conflict]: 409, [C.lastOwner]: 409, [C.ticketSoldOut]: 409, [C.maxTicketPerUser]: 409, [C.registrationClosed]: 409, [C.paidTicketInApp]: 409, [C.eventNotPending]: 409, [C.revisionNotPending]: 409,
  [C.alreadyCheckedIn]: 409, [C.wrongEvent]: 409, [C.ticketRefunded]: 409, [C.ticketNotConfirmed]: 409, [C.attendanceClosed]: 409,
  [C.withdrawPending]: 409, [C.withdrawCodeExpired]: 409, [C.withdrawCodeTooMany]: 409,
  [C.notPending]: 409, [C.alreadyOnWaitlist]: 409, [C.cancellationClosed]: 409, [C.evaluationLocked]: 409, [C.alreadyAnswered]: 409, [C.evaluationClosed]: 409,
  [C.trackingCodeTaken]: 409, [C.trackingLinkLimit]: 409, [C.webhookDisabled]: 409,
  [C.invitationExpired]: 410, [C.resetLinkExpired]: 410, [C.offerExpired]: 410,
  [C.fileTooLarge]: 413,
  [C.wrongFileType]: 415,
  [C.idempotencyKeyReused]: 422,
  [C.tooManyRequests]: 429, [C.previewBusy]: 429, [C.certificateDailyLimit]: 429, [C.attendanceTooManyTries]: 429, [C.messageDailyCap]: 429,
  [C.withdrawResendWait]: 429, [C.withdrawLocked]: 429, [C.withdrawDailyLimit]: 429,
  [C.reviewMailFailed]: 502, [C.invitationMailFailed]: 502, [C.withdrawMailFailed]: 502,
};

export const httpStatusOf = (code: ErrorCode) => HTTP_STATUS[code];

/**
 * Every failure leaves as API.md's error body. Validation failures list each rule's
 * message with its path; 5xx answers carry an `errorId` to find the log line, never a stack.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const { errors, retryAfterSeconds, data } = error.details;
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      const body: ErrorBody = { message: error.message, messageId: error.code };
      if (errors) body.errors = errors;
      if (data) body.data = data;
      return reply.status(HTTP_STATUS[error.code]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        message: v.message ?? OWN_MSG.validation,
        path: String(v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || undefined,
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? OWN_MSG.validation, messageId: MESSAGE_ID.validation, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals: malformed JSON, body too large, unsupported media type.
      return reply.status(status).send({ message: error.message, messageId: error.code ?? MESSAGE_ID.validation });
    }
    const errorId = randomUUID();
    request.log.error({ err: error, errorId }, 'request failed');
    return reply.status(500).send({ message: OWN_MSG.internal, messageId: MESSAGE_ID.internal, errorId });
  });
}

/**
 * Refusals Fastify's router makes before any route or error handler runs (a path parameter
 * longer than `maxParamLength`, a malformed percent-encoding in the path): same status as
 * Fastify's, but API.md's body, without echoing the path back.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send({ message: OWN_MSG.validation, messageId: MESSAGE_ID.validation });
}
