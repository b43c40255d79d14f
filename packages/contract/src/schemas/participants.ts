import { z } from 'zod';
import { REGISTRANT_STATUSES } from '../enums.js';
import { PARTICIPANT_MSG } from '../messages.js';
import { envelope } from './common.js';
import { afterCursorSchema, nextCursorSchema } from './keyset.js';
import { pagedQuery } from './lists.js';

/** Spec section 5, participant search. Partial and case-insensitive on the server. */
export const PARTICIPANT_PHONE_PATTERN = /^[0-9]*$/;
export const PARTICIPANT_EMAIL_PATTERN = /^[A-Za-z0-9\-_@.]*$/;

/**
 * Which registrations a list shows: one status, or `all`. Without it, the participants
 * (`confirmed`), as every count of participants means.
 */
export const REGISTRANT_STATUS_FILTERS = [...REGISTRANT_STATUSES, 'all'] as const;
export type RegistrantStatusFilter = (typeof REGISTRANT_STATUS_FILTERS)[number];

export const registrantFiltersSchema = z.object({
  status: z.enum(REGISTRANT_STATUS_FILTERS).optional(),
  name: z.string().trim().max(120).optional(),
  email: z.string().trim().max(254).regex(PARTICIPANT_EMAIL_PATTERN, PARTICIPANT_MSG.emailCharacters).optional(),
  phoneNumber: z.string().trim().max(20).regex(PARTICIPANT_PHONE_PATTERN, PARTICIPANT_MSG.phoneNumberOnly).optional(),
}).strict();
export type RegistrantFilters = z.infer<typeof registrantFiltersSchema>;

export const REGISTRANT_SORT_PARAMS = ['createdAt', 'name'] as const;

/** `GET /v1/event-regist/lists`. */
export const registrantListQuerySchema = pagedQuery(registrantFiltersSchema, REGISTRANT_SORT_PARAMS).extend({
  eventId: z.string().max(100),
  /** The previous page's `nextCursor`: this page starts after its last row (`page` is then only reported back). */
  after: afterCursorSchema.optional(),
});
export type RegistrantListQuery = z.output<typeof registrantListQuerySchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `GET /v1/event-regist/export`: every matching registrant in one streamed file, oldest first. */
export const registrantExportQuerySchema = registrantListQuerySchema
  .pick({ eventId: true, filters: true })
  .extend({ format: z.enum(EXPORT_FORMATS).default('csv') });
export type RegistrantExportQuery = z.output<typeof registrantExportQuerySchema>;

/** `GET /v1/events/:id/participants/answer-files/:fileId`: one registrant's uploaded answer file of the event. */
export const answerFileParamsSchema = z.object({ id: z.string().max(100), fileId: z.string().max(100) });

/** A file a registrant uploaded as an answer: opened through PARTICIPANTS.answerFile with the event's id. */
export const answerFileSchema = z.object({ fileId: z.string(), name: z.string().nullable() });
export type AnswerFile = z.infer<typeof answerFileSchema>;

/**
 * One answer of a registrant: the question's text and the answer as text (checkboxes joined,
 * files by name); an image or file answer also lists its `files`.
 */
export const registeredStepSchema = z.object({
  questionId: z.string(),
  stepDetail: z.string(),
  result: z.string(),
  files: z.array(answerFileSchema).optional(),
});

/** Registrant of spec section 3. */
export const registrantSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  ticketId: z.string(),
  /** The ticket's name. */
  ticketType: z.string(),
  status: z.enum(REGISTRANT_STATUSES),
  userRegisteredStep: z.array(registeredStepSchema),
  /** Check-in at the door: when, and the member's name; null when not checked in. */
  checkedInAt: z.string().nullable(),
  checkedInBy: z.string().nullable(),
});
export type Registrant = z.infer<typeof registrantSchema>;

/** The event's questions in form order (general first, then per ticket): the table's columns. */
export const registrantQuestionSchema = z.object({ id: z.string(), name: z.string(), ticketId: z.string().nullable() });
export type RegistrantQuestion = z.infer<typeof registrantQuestionSchema>;

export const registrantListResponseSchema = envelope(z.object({
  docs: z.array(registrantSchema),
  page: z.number().int(),
  limit: z.number().int(),
  totalDocs: z.number().int(),
  totalPages: z.number().int(),
  nextCursor: nextCursorSchema,
  questions: z.array(registrantQuestionSchema),
}));
export type RegistrantList = z.infer<typeof registrantListResponseSchema>['data'];
