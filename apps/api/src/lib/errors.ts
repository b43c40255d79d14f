import { MESSAGE_ID, OWN_MSG } from '@eo/contract';

export interface ErrorItem { message: string; path?: string }

/** A refusal with a status and a text a person can read; the error plugin turns it into API.md's body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly messageId: string,
    readonly errors?: ErrorItem[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthorized = (message: string = OWN_MSG.unauthorized) =>
  new AppError(401, message, MESSAGE_ID.unauthorized);
export const forbidden = (message: string) => new AppError(403, message, MESSAGE_ID.forbidden);
export const notFound = (message: string = OWN_MSG.notFound) => new AppError(404, message, MESSAGE_ID.notFound);
export const conflict = (message: string, messageId: string = MESSAGE_ID.conflict) =>
  new AppError(409, message, messageId);
