import { z } from 'zod';
import { EDUCATION_LEVELS, GENDERS, REGISTRANT_STATUSES } from '../enums.js';
import { fill, PUBLIC_REG_MSG } from '../messages.js';
import { PUBLIC_FORM_TEXT } from '../messages-public-form.js';
import { isBlankText } from '../text.js';
import { envelope, resultEnvelope } from './common.js';
import { PUBLIC_ANSWER_MAX, PUBLIC_PHONE_PATTERN } from '../endpoints/public-registration-address.js';

/** Public registration (API.md "Public pages"): no token, free tickets only. */
export const publicTicketParamsSchema = z.object({ ticketCode: z.string().max(100) });


export const publicParticipantSchema = z.object({
  name: z.string().trim().max(PUBLIC_ANSWER_MAX.name).refine((v) => !isBlankText(v), fill(PUBLIC_FORM_TEXT.required, { name: PUBLIC_FORM_TEXT.name })),
  email: z.string().trim().max(PUBLIC_ANSWER_MAX.email).pipe(z.email()),
  phoneNumber: z.string().trim().max(24)
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(PUBLIC_PHONE_PATTERN, PUBLIC_REG_MSG.phoneNumber)),
  lastEducation: z.enum(EDUCATION_LEVELS),
  gender: z.enum(GENDERS),
});

/**
 * One answer: text (text, paragraph, radio), chosen options (checkbox), or the `fileId`(s) the
 * public upload gave (image, file). Checked against its question's kind by the server.
 */
export const publicAnswerSchema = z.object({
  questionId: z.string().max(100),
  value: z.union([z.string().max(5000), z.array(z.string().max(2000)).max(50), z.null()]),
});

/** Most files a file question may ask for (the wizard's maxFiles cap). */
export const PUBLIC_MAX_FILES = 20;

export const publicRegistrationBodySchema = z.object({
  ticketId: z.string().max(100),
  participant: publicParticipantSchema,
  answers: z.array(publicAnswerSchema).max(200).optional(),
  /** Honeypot: a field people never see. Filled, the registration is refused and nothing is stored. */
  website: z.string().max(500).optional(),
  /** The solved proof-of-work challenge (PROOF_OF_WORK); checked, and refused as CHALLENGE_REQUIRED, by the server. */
  altcha: z.string().optional(),
  /** A hidden ticket's code, from the page's `?kode=` (API.md, Seats). */
  accessCode: z.string().trim().max(32).nullish(),
  /**
   * The tracking link the participant came through (the page's `?ref=`, API.md Integrations):
   * kept on the registration when the event has a link with this code, ignored otherwise.
   */
  ref: z.string().trim().max(100).nullish(),
  /** "Kirim tiket lewat WhatsApp": messages to the participant's phone beside the mails (ignored where WhatsApp is not configured). */
  whatsappOptIn: z.boolean().default(false),
});
export type PublicRegistrationBody = z.infer<typeof publicRegistrationBodySchema>;
export type PublicRegistrationBodyInput = z.input<typeof publicRegistrationBodySchema>;

/** "Kirim ulang e-tiket": the email a registration was made with (its `+tag` and case do not matter) and a solved challenge. */
export const publicTicketResendBodySchema = z.object({
  email: z.string().trim().max(PUBLIC_ANSWER_MAX.email).pipe(z.email()),
  /** The solved proof-of-work challenge (PROOF_OF_WORK), as on the registration. */
  altcha: z.string().optional(),
});
export type PublicTicketResendBody = z.infer<typeof publicTicketResendBodySchema>;

/** `pending`: the ticket requires approval; the e-ticket (with its QR code) comes once approved. */
export const publicRegistrationResultSchema = z.object({ registrantId: z.string(), ticketCode: z.string(), status: z.enum(['confirmed', 'pending']) });
export type PublicRegistrationResult = z.infer<typeof publicRegistrationResultSchema>;
export const publicRegistrationResponseSchema = resultEnvelope(publicRegistrationResultSchema);

/** `multipart/form-data`: one `file` and the `questionId` it answers (an image or file question of the event). */
export const publicUploadResponseSchema = envelope(z.object({ fileId: z.string() }));

export const eTicketSchema = z.object({
  ticketCode: z.string(),
  /** The registration's status (API.md, Seats): only a confirmed one holds a valid ticket. */
  status: z.enum(REGISTRANT_STATUSES),
  /** When the holder was checked in at the door; null until then (or after an undo). */
  checkedInAt: z.string().nullable(),
  /**
   * Whether the holder may cancel now (API.md, Seats): confirmed or pending, free, not checked
   * in, before `cancelUntil` (the event's cancellation deadline, else its start; null: no limit).
   */
  cancellable: z.boolean(),
  cancelUntil: z.string().nullable(),
  participant: z.object({ name: z.string() }),
  category: z.object({ id: z.string(), name: z.string() }),
  event: z.object({
    id: z.string(),
    name: z.string(),
    /** ISO instants of the first and last event moment (UTC). */
    startAt: z.string().nullable(),
    endAt: z.string().nullable(),
    /** The ticket's days as entered, in WIB: `{ date: YYYY-MM-DD, startHour, endHour }`. */
    dates: z.array(z.object({ date: z.string(), startHour: z.string().nullable().optional(), endHour: z.string().nullable().optional() })),
    experience: z.string().nullable(),
    location: z.string().nullable(),
    /** An online event's link to join (http(s)), for a confirmed ticket only; null otherwise. */
    streamLink: z.string().nullable(),
  }),
  /** The event's sessions in start order, each with when the holder attended it (null: not yet). */
  sessions: z.array(z.object({ id: z.string(), name: z.string(), startsAt: z.string(), endsAt: z.string(), attendedAt: z.string().nullable() })),
  /** The session the event's attendance code is for now, if it names one: the code attends that session. */
  attendanceSessionId: z.string().nullable(),
});
export type ETicket = z.infer<typeof eTicketSchema>;
export const eTicketResponseSchema = resultEnvelope(eTicketSchema);
