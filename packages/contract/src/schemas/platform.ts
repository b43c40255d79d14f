import { z } from 'zod';
import { EDUCATION_LEVELS, GENDERS } from '../enums.js';
import { resultEnvelope } from './common.js';
import { isBlankText } from '../text.js';
import { WHATSAPP_TEXT, whatsappNumber } from '../whatsapp-texts.js';

/** Platform intake (API.md): the participant app's calls, authenticated by `X-Platform-Key`. */
export const PLATFORM_MSG = {
  registrationClosed: 'Registration is closed',
  soldOut: 'Ticket is sold out',
  maxPerUser: 'Maximum tickets per user reached',
  ticketNotOfEvent: 'Unknown ticket for this event',
  missingAnswer: 'Missing answer: {name}',
  missingName: 'Missing participant name',
  alreadyRefunded: 'Transaction is already refunded',
  refunded: 'Transaction refunded',
} as const;

/** Most tickets one registration may take (one checkout). */
export const MAX_QUANTITY_PER_REGISTRATION = 10;

export const platformEventParamsSchema = z.object({ eventId: z.string().max(100) });
export const platformSaveParamsSchema = z.object({
  eventId: z.string().max(100),
  /** The participant app's own user id; opaque here. */
  userRef: z.string().trim().min(1).max(200),
});
export const platformTransactionParamsSchema = z.object({ transactionId: z.string().max(100) });

// Unknown or empty education/gender arrive as null: the insight charts group them apart.
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable().optional();

export const platformParticipantSchema = z.object({
  name: z.string().trim().max(120).refine((v) => !isBlankText(v), PLATFORM_MSG.missingName),
  email: z.string().trim().max(254).pipe(z.email()),
  phoneNumber: z.string().trim().max(20).regex(/^\+?[0-9][0-9 -]{4,19}$/, 'Invalid phone number').nullable().optional(),
  lastEducation: optionalEnum(EDUCATION_LEVELS),
  gender: optionalEnum(GENDERS),
});

/** An answer as the participant app collected it: text, chosen option(s), or uploaded file URL(s). */
const answerValueSchema = z.union([
  z.string().max(5000),
  z.array(z.string().max(2000)).max(50),
  z.number(),
  z.boolean(),
  z.null(),
]);

export const platformRegistrationBodySchema = z.object({
  ticketId: z.string().max(100),
  quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_REGISTRATION).default(1),
  participant: platformParticipantSchema,
  answers: z.array(z.object({ questionId: z.string().max(100), value: answerValueSchema })).max(200).optional(),
  discountCode: z.string().trim().max(50).nullable().optional(),
  /** A hidden ticket's code (API.md, Seats). */
  accessCode: z.string().trim().max(32).nullish(),
  /** WhatsApp messages to `participant.phoneNumber` beside the mails; needs an Indonesian mobile number. */
  whatsappOptIn: z.boolean().default(false),
}).refine((b) => !b.whatsappOptIn || whatsappNumber(b.participant.phoneNumber) !== null, { message: WHATSAPP_TEXT.phoneRequired, path: ['participant', 'phoneNumber'] });
export type PlatformRegistrationBody = z.infer<typeof platformRegistrationBodySchema>;
export type PlatformRegistrationBodyInput = z.input<typeof platformRegistrationBodySchema>;

export const platformRegistrationResultSchema = z.object({
  registrantId: z.string(),
  /** Null for a free ticket: no money moved. */
  transactionId: z.string().nullable(),
  /** `pending` on a ticket that requires approval: no seat is held until the organizer approves. */
  status: z.enum(['confirmed', 'pending']),
  /** The e-ticket's code (at least 100 bits, base64url): what its QR code holds. */
  ticketCode: z.string(),
});
export type PlatformRegistrationResult = z.infer<typeof platformRegistrationResultSchema>;
export const platformRegistrationResponseSchema = resultEnvelope(platformRegistrationResultSchema);

export const platformRefundResponseSchema = resultEnvelope(z.object({ transactionId: z.string(), status: z.literal('refund') }));
