import { z } from 'zod';
import { resultEnvelope } from './common.js';

export const publicEventParamsSchema = z.object({ eventId: z.string().max(100) });
/** `?kode=`: a hidden ticket's access code (API.md, Seats); the page and the JSON show that ticket only with it. */
export const publicEventQuerySchema = z.object({ kode: z.string().trim().max(32).optional() });
/**
 * The page's query: `?kode=` and a tracking link's `?ref=` (API.md, Integrations). A `ref` that
 * cannot be read as one is left out rather than refused: a link pasted wrongly still opens the page.
 */
export const publicEventPageQuerySchema = publicEventQuerySchema.extend({ ref: z.string().trim().max(100).optional().catch(undefined) });

/** Remaining seats of a category: none left at its quota is `Sold Out`; unlimited stays `Available`. */
export const PUBLIC_TICKET_STATUSES = ['Available', 'Sold Out'] as const;
export type PublicTicketStatus = (typeof PUBLIC_TICKET_STATUSES)[number];

export const publicTicketSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  type: z.enum(['free', 'paid']),
  /** Integer rupiah; 0 for a free ticket. */
  price: z.number().int(),
  status: z.enum(PUBLIC_TICKET_STATUSES),
  /** Seats left, or null when the category is unlimited. */
  remaining: z.number().int().nullable(),
  /** The instant registration closes (ISO 8601), or null. */
  registrationDeadline: z.string().nullable(),
  /** Each day of the category (ISO 8601 instants: WIB wall-clock times converted). */
  dates: z.array(z.strictObject({ startAt: z.string(), endAt: z.string().nullable() })),
  /** Registrations are reviewed by the organizer (pending until approved). */
  requiresApproval: z.boolean(),
  /** Sold out, one may join its waiting list. */
  waitlist: z.boolean(),
  /** A hidden ticket, shown because the request carried its code. */
  hidden: z.boolean(),
});

export const publicQuestionSchema = z.strictObject({
  id: z.string(),
  /** The category it belongs to; null when every category asks it. */
  ticketId: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(['text', 'paragraph', 'checkbox', 'radio', 'image', 'file']),
  isRequired: z.boolean(),
  options: z.array(z.string()),
  maxFiles: z.number().int().nullable(),
  accept: z.array(z.string()).nullable(),
  order: z.number().int(),
});

export const publicLocationSchema = z.union([
  z.literal('online'),
  z.strictObject({
    address: z.string(),
    notes: z.string().nullable(),
    lat: z.number().nullable(),
    long: z.number().nullable(),
    /** A Google Maps search of the coordinates, else of the address. */
    mapUrl: z.string(),
  }),
]);

/** Only what the organizer chose to show: the email of the organizer block is never public. */
export const publicOrganizerSchema = z.strictObject({
  name: z.string(),
  logoUrl: z.string().nullable(),
  /** Shown only when the organizer ticked "show phone number" (phoneNumberExist). */
  phoneNumber: z.string().nullable(),
  /** Shown only when the organizer ticked "show Instagram" (instagramProfileExist). */
  instagramProfileUrl: z.string().nullable(),
});

export const publicEventSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** The category (spec's type), as stored. */
  type: z.string().nullable(),
  /** Absolute URL of the poster, or null. */
  imageUrl: z.string().nullable(),
  /** Start of the first and end of the last day (ISO 8601). */
  dates: z.strictObject({ startAt: z.string().nullable(), endAt: z.string().nullable() }),
  location: publicLocationSchema,
  description: z.string().nullable(),
  /** Readable texts (constants by their label), the organizer's own additions included. */
  benefits: z.array(z.string()),
  eligibilities: z.array(z.string()),
  stepsToRegister: z.array(z.string()),
  eventOrganizer: publicOrganizerSchema,
  tickets: z.array(publicTicketSchema),
  questions: z.array(publicQuestionSchema),
  /** The event's sessions in the order they start (ISO 8601); none: attended as one. */
  sessions: z.array(z.strictObject({ name: z.string(), startAt: z.string(), endAt: z.string() })),
  /** The server sends WhatsApp: the form offers "Kirim tiket lewat WhatsApp" (`whatsappOptIn`). */
  whatsapp: z.boolean(),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;
export type PublicTicket = z.infer<typeof publicTicketSchema>;
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

export const publicEventResponseSchema = resultEnvelope(publicEventSchema);
