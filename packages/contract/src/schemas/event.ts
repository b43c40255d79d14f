import { z } from 'zod';
import { EVENT_MSG, fill, OWN_MSG } from '../messages.js';
import { EVENT_TYPES, EXPERIENCES } from '../enums.js';
import { AFTER_REGIST_STEPS, BENEFITS, ELIGIBILITIES, STEPS_TO_REGISTER } from '../event-enums.js';
import { fileRef, httpUrl, maxText, optText, textList } from './event-fields.js';
import { questionSchema, ticketSchema } from './event-ticket.js';
import { SUB_TYPE_RE } from '../sub-types.js';
import { SESSION_LIMITS, SESSION_MSG } from '../messages-sessions.js';

export const CUSTOM_KEY_RE = /^[A-Za-z0-9_-]+$/;

export const eventOrganizerSchema = z.object({
  name: optText(60),
  email: z.string().trim().max(254).refine((v) => v === '' || z.email().safeParse(v).success, EVENT_MSG.emailInvalid).nullish(),
  confirmEmail: z.string().trim().max(254).nullish(),
  /** Stored with the 62 prefix: `62` then 6 to 13 digits starting with 8. */
  phoneNumber: z.string().trim().max(20, EVENT_MSG.waPattern).refine((v) => v === '' || /^628\d*$/.test(v), EVENT_MSG.waPattern).nullish(),
  phoneNumberExist: z.boolean().default(false),
  instagramProfileUrl: z
    .string().trim().max(200)
    .refine((v) => v === '' || /^https?:\/\/(www\.)?instagram\.com\/[A-Za-z0-9._]{1,30}\/?$/i.test(v), EVENT_MSG.instagram)
    .nullish(),
  instagramProfileExist: z.boolean().default(false),
  organizationLogoUrl: fileRef.nullish(),
});

export const twibbonSchema = z.object({
  customKey: z.string().trim().max(100).refine((v) => v === '' || CUSTOM_KEY_RE.test(v), EVENT_MSG.customKeyPattern).nullish(),
  templateUrl: fileRef.nullish(),
  posterUrl: fileRef.nullish(),
  guide: z.array(maxText(500)).max(30).default([]),
  caption: optText(5000),
});

/**
 * One session of the event (a day of a seminar, a talk): attended on its own. `id` names a
 * stored session on an update; without it the session is new. Times are instants with their
 * offset; the wizard sends WIB (+07:00).
 */
export const sessionSchema = z.object({
  id: z.guid().nullish(),
  name: z.string({ error: SESSION_MSG.name }).trim().min(1, SESSION_MSG.name).max(SESSION_LIMITS.nameMax, fill(OWN_MSG.maxChars, { n: SESSION_LIMITS.nameMax })),
  startsAt: z.iso.datetime({ offset: true, error: SESSION_MSG.startsAt }),
  endsAt: z.iso.datetime({ offset: true, error: SESSION_MSG.endsAt }),
});
export type SessionInput = z.input<typeof sessionSchema>;

/**
 * The event payload of the create/update calls. This layer holds the format rules, which
 * apply to drafts as well (a 121-character name is refused even in a draft). What a submit
 * additionally requires is `eventIssues(payload, 'submit')`.
 */
export const eventPayloadSchema = z.object({
  name: optText(120),
  type: z.enum(EVENT_TYPES).nullish(),
  typeDesc: optText(40),
  subTypes: z.array(z.string().trim().regex(SUB_TYPE_RE, 'Maximum 40 characters')).max(30).default([]),
  competitionField: textList(40),
  fieldDesc: optText(40),
  description: optText(5000),
  imageUrl: fileRef.nullish(),
  isPaidEvent: z.boolean().nullish(),
  allowRegister: z.boolean().nullish(),
  registrationMethod: z.enum(['internal', 'external']).nullish(),
  registrationUrl: httpUrl(EVENT_MSG.urlInvalid).nullish(),
  experience: z.enum(EXPERIENCES).nullish(),
  eventStreamQuestion: z.boolean().nullish(),
  eventStreamLink: httpUrl(EVENT_MSG.streamingLink).nullish(),
  location: optText(500),
  locationNotes: optText(500),
  eventCoordinateLat: z.number().min(-90).max(90).nullish(),
  eventCoordinateLong: z.number().min(-180).max(180).nullish(),
  benefits: z.array(z.enum(BENEFITS)).max(BENEFITS.length).default([]),
  additionalBenefit: textList(40),
  eligibilities: z.array(z.enum(ELIGIBILITIES)).max(ELIGIBILITIES.length).default([]),
  additionalEligibility: textList(40),
  stepsToRegister: z.array(z.enum(STEPS_TO_REGISTER)).max(STEPS_TO_REGISTER.length).default([]),
  additionalStepsToRegister: textList(300),
  afterRegistSteps: z.array(z.enum(AFTER_REGIST_STEPS)).max(AFTER_REGIST_STEPS.length).default([]),
  additionalAfterRegistSteps: textList(200),
  whatsAppGroupLink: httpUrl(EVENT_MSG.waGroupInvalid).nullish(),
  agreement: z.boolean().default(false),
  twibbonRequired: z.boolean().default(false),
  twibbon: twibbonSchema.nullish(),
  /** Until when a participant may cancel (API.md, Seats); null: until the event starts. */
  cancellationDeadline: z.iso.datetime({ offset: true }).nullish(),
  eventOrganizer: eventOrganizerSchema.default({ phoneNumberExist: false, instagramProfileExist: false }),
  /** Questions asked for every ticket. */
  registrationSteps: z.array(questionSchema).max(50).default([]),
  tickets: z.array(ticketSchema).max(30).default([]),
  /** 0–50, inside the event's dates (eventIssues); none: the event is attended as one. */
  sessions: z.array(sessionSchema).max(SESSION_LIMITS.maxSessions, SESSION_MSG.tooMany).default([]),
});
export type EventPayloadInput = z.input<typeof eventPayloadSchema>;
export type EventPayload = z.output<typeof eventPayloadSchema>;

/** `?id=` of the detail, update and publish calls. Not a uuid: answered 404 like an unknown id. */
export const eventIdQuerySchema = z.object({ id: z.string().max(100) });
export const eventIdOptionalQuerySchema = z.object({ id: z.string().max(100).optional() });
