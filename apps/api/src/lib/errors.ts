import { API_KEY_ID, ATTENDANCE_ID, BROADCAST_ID, CHECKIN_ID, EVALUATION_ID, MESSAGE_ID, OWN_MSG, PROOF_OF_WORK, REVIEW_ID, SEATS_ID, TRACKING_LINK_ID, WEBHOOK_ID, WHATSAPP_ID, WITHDRAW_ID } from '@eo/contract';

export interface ErrorItem { message: string; path?: string }

/**
 * Every refusal a service can make. The code is also the body's `messageId`, so a client
 * switches on it; `plugins/errors.ts` maps each one to its HTTP status.
 */
export const ERROR_CODE = {
  validation: MESSAGE_ID.validation,
  unauthorized: MESSAGE_ID.unauthorized,
  forbidden: MESSAGE_ID.forbidden,
  notFound: MESSAGE_ID.notFound,
  conflict: MESSAGE_ID.conflict,
  tooManyRequests: MESSAGE_ID.tooManyRequests,
  tokenReused: MESSAGE_ID.tokenReused,
  ticketSoldOut: MESSAGE_ID.ticketSoldOut,
  maxTicketPerUser: MESSAGE_ID.maxTicketPerUser,
  registrationClosed: MESSAGE_ID.registrationClosed,
  paidTicketInApp: MESSAGE_ID.paidTicketInApp,
  challengeRequired: PROOF_OF_WORK.messageId,
  fileTooLarge: 'FILE_TOO_LARGE',
  wrongFileType: 'WRONG_FILE_TYPE',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  previewBusy: 'PREVIEW_BUSY',
  certificateDailyLimit: 'CERTIFICATE_DAILY_LIMIT',
  eventNotPending: REVIEW_ID.notPending,
  revisionNotPending: REVIEW_ID.revisionNotPending,
  reviewMailFailed: REVIEW_ID.mailFailed,
  withdrawNotAllowed: WITHDRAW_ID.notAllowed,
  withdrawPending: WITHDRAW_ID.pending,
  withdrawCodeWrong: WITHDRAW_ID.codeWrong,
  withdrawCodeExpired: WITHDRAW_ID.codeExpired,
  withdrawCodeTooMany: WITHDRAW_ID.codeTooMany,
  withdrawResendWait: WITHDRAW_ID.resendWait,
  withdrawLocked: WITHDRAW_ID.locked,
  withdrawDailyLimit: WITHDRAW_ID.dailyLimit,
  withdrawMailFailed: WITHDRAW_ID.mailFailed,
  forbiddenRole: MESSAGE_ID.forbiddenRole,
  forbiddenScope: API_KEY_ID.forbiddenScope,
  lastOwner: MESSAGE_ID.lastOwner,
  invitationExpired: MESSAGE_ID.invitationExpired,
  resetLinkExpired: MESSAGE_ID.resetLinkExpired,
  invitationMailFailed: MESSAGE_ID.invitationMailFailed,
  alreadyCheckedIn: CHECKIN_ID.alreadyCheckedIn,
  ticketNotFound: CHECKIN_ID.ticketNotFound,
  wrongEvent: CHECKIN_ID.wrongEvent,
  ticketRefunded: CHECKIN_ID.refunded,
  ticketNotConfirmed: CHECKIN_ID.notConfirmed,
  sessionNotFound: CHECKIN_ID.sessionNotFound,
  attendanceClosed: ATTENDANCE_ID.closed,
  attendanceCodeWrong: ATTENDANCE_ID.wrong,
  attendanceTooManyTries: ATTENDANCE_ID.tooManyTries,
  messageDailyCap: BROADCAST_ID.dailyCap,
  notPending: SEATS_ID.notPending,
  alreadyOnWaitlist: SEATS_ID.alreadyOnWaitlist,
  offerExpired: SEATS_ID.offerExpired,
  cancellationClosed: SEATS_ID.cancellationClosed,
  evaluationLocked: EVALUATION_ID.locked,
  alreadyAnswered: EVALUATION_ID.alreadyAnswered,
  evaluationClosed: EVALUATION_ID.closed,
  trackingCodeTaken: TRACKING_LINK_ID.codeTaken,
  trackingLinkLimit: TRACKING_LINK_ID.tooMany,
  whatsappSignatureInvalid: WHATSAPP_ID.signatureInvalid,
  webhookDisabled: WEBHOOK_ID.disabled,
} as const;
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

export interface ErrorDetails {
  /** Per-field messages (API.md's `errors`). */
  errors?: ErrorItem[];
  /** When trying again can succeed; the error plugin sends it as Retry-After. */
  retryAfterSeconds?: number;
  /** What the refusal adds for its caller, answered as the body's `data` (ALREADY_CHECKED_IN: the first check-in). */
  data?: Record<string, unknown>;
}

/** A refusal in domain terms: what went wrong (code), a text a person can read, and details. No HTTP here. */
export class DomainError extends Error {
  constructor(readonly code: ErrorCode, message: string, readonly details: ErrorDetails = {}) {
    super(message);
  }
}

export const unauthorized = (message: string = OWN_MSG.unauthorized) => new DomainError(ERROR_CODE.unauthorized, message);
export const forbidden = (message: string) => new DomainError(ERROR_CODE.forbidden, message);
export const notFound = (message: string = OWN_MSG.notFound) => new DomainError(ERROR_CODE.notFound, message);
export const conflict = (message: string, code: ErrorCode = ERROR_CODE.conflict) => new DomainError(code, message);
/** A refused input: the headline message, and the per-field list when there is one. */
export const invalid = (message: string, errors?: ErrorItem[]) => new DomainError(ERROR_CODE.validation, message, errors ? { errors } : {});
/** A refused input field: its message is also the headline. */
export const invalidField = (message: string, path: string) => invalid(message, [{ message, path }]);
/** Seconds from now until `until`, at least one (a Retry-After of 0 would invite a busy loop). */
export const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
