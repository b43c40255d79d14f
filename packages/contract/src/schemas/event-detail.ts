import { z } from 'zod';
import { envelope } from './common.js';
import { eventPayloadSchema } from './event.js';
import { ticketSchema } from './event-ticket.js';

/*
 * The detail answer: the Event of spec section 3 exactly as the API builds it
 * (apps/api/src/modules/events/event-detail.repository.ts). Strict objects, so a field the API
 * adds or drops without this schema fails the API's tests instead of reaching the web unseen.
 * Stored choices (type, experience, …) are text columns, so they are strings here: a value an
 * older version stored still reads.
 */
const nullableText = z.string().nullable();

export const detailQuestionSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: nullableText,
  type: z.string(),
  options: z.array(z.strictObject({ name: z.string(), optionOrderNumber: z.number() })),
  isGeneral: z.boolean(),
  isRequired: z.boolean(),
  isTicketBuyerOnly: z.boolean(),
  stepOrderNumber: z.number(),
  /** Null for a question asked for every ticket. */
  eventTicketId: nullableText,
  maxFiles: z.number().nullable(),
  accept: z.array(z.string()).nullable(),
});

const hours = { startHour: nullableText.optional(), endHour: nullableText.optional() };

export const detailTicketSchema = z.strictObject({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  originalQuotaType: z.string(),
  /** -1 when unlimited. */
  originalQuota: z.number(),
  /** What is left: -1 when unlimited. */
  quota: z.number(),
  dates: z.array(z.object({ date: z.string(), ...hours })),
  eventTimeType: nullableText,
  eventTimeSingle: z.object(hours).nullable(),
  /** As entered, in WIB; drafts saved before the hour was required may hold ''. */
  registrationDeadline: z.object({ date: z.string(), hour: nullableText }).nullable(),
  type: z.string(),
  price: z.number(),
  fakePrice: z.number().nullable(),
  maxTicketPerUser: z.number(),
  /** Tickets sold (registrants' quantities, cancellations excluded). */
  ticketCount: z.number(),
  registrationSteps: z.array(detailQuestionSchema),
  requiresApproval: z.boolean(),
  waitlist: z.boolean(),
  accessCode: nullableText,
});

const textList = z.array(z.string());

/** One held part of a revision: its label and its text before and after (`revisionChanges`). */
export const revisionChangeSchema = z.strictObject({ label: z.string(), before: z.string(), after: z.string() });

/** The public-facing edit of an approved event that waits for the admin (API.md, Admin). */
export const pendingRevisionSchema = z.strictObject({
  submittedAt: z.string(),
  changes: z.array(revisionChangeSchema),
  /**
   * The event as the organizer last saved it (the payload as judged then): the editor starts from
   * it. The payload's schema with its prices as stored, without the floor that runs on input.
   */
  payload: eventPayloadSchema.extend({
    tickets: z.array(ticketSchema.extend({ price: z.number().nullish(), fakePrice: z.number().nullish() })),
  }),
});
export type PendingRevision = z.infer<typeof pendingRevisionSchema>;

export const detailSessionSchema = z.strictObject({ id: z.string(), name: z.string(), startsAt: z.string(), endsAt: z.string() });

export const eventDetailSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  tag: nullableText,
  type: nullableText,
  typeDesc: nullableText,
  subType: nullableText,
  subTypeDesc: nullableText,
  /** Sub-categories and competition fields, encoded (`encodeSubTypes`). */
  subTypes: textList,
  competitionField: textList,
  fieldDesc: nullableText,
  description: nullableText,
  imageUrl: nullableText,
  isPaidEvent: z.boolean(),
  isDraft: z.boolean(),
  isOfficial: z.boolean(),
  approvedStatus: z.string(),
  allowRegister: z.boolean().nullable(),
  registrationMethod: nullableText,
  registrationUrl: nullableText,
  experience: nullableText,
  eventStreamQuestion: z.boolean().nullable(),
  eventStreamLink: nullableText,
  location: nullableText,
  locationNotes: nullableText,
  eventCoordinateLat: z.number().nullable(),
  eventCoordinateLong: z.number().nullable(),
  benefits: textList,
  additionalBenefit: textList,
  eligibilities: textList,
  additionalEligibility: textList,
  stepsToRegister: textList,
  additionalStepsToRegister: textList,
  afterRegistSteps: textList,
  additionalAfterRegistSteps: textList,
  whatsAppGroupLink: nullableText,
  agreement: z.boolean(),
  twibbonRequired: z.boolean(),
  cancellationDeadline: nullableText,
  twibbonCustomKey: nullableText,
  twibbon: z.strictObject({
    customKey: nullableText, templateUrl: nullableText, posterUrl: nullableText, guide: textList, caption: nullableText,
  }).nullable(),
  eventOrganizer: z.strictObject({
    name: nullableText,
    email: nullableText,
    phoneNumber: nullableText,
    phoneNumberExist: z.boolean(),
    instagramProfileUrl: nullableText,
    instagramProfileExist: z.boolean(),
    organizationLogoUrl: nullableText,
  }),
  creatorProfile: z.strictObject({ name: z.string() }),
  /** Questions asked for every ticket. */
  registrationSteps: z.array(detailQuestionSchema),
  tickets: z.array(detailTicketSchema),
  /** The event's sessions in the order they start (ISO 8601 instants); none: attended as one. */
  sessions: z.array(detailSessionSchema),
  /** ISO 8601 instants. */
  firstEventAt: nullableText,
  lastEventAt: nullableText,
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: nullableText,
  /** Null unless a public-facing edit of this approved event waits for review. */
  revision: pendingRevisionSchema.nullable(),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;
export type EventDetailSession = z.infer<typeof detailSessionSchema>;
export type EventDetailTicket = z.infer<typeof detailTicketSchema>;
export type EventDetailQuestion = z.infer<typeof detailQuestionSchema>;

export const eventDetailResponseSchema = envelope(z.object({ result: eventDetailSchema }));
