import { z } from 'zod';
import { CERT_FONT_VALUES } from '../certificate-style.js';
import { CERT_FIELD_NAMES, CERT_MSG, fill } from '../messages.js';
import { certificateRulesSchema } from './certificate-rules.js';
import { resultEnvelope } from './common.js';
import { pagedEnvelope, pagedQuery } from './lists.js';

export const CERT_STATUSES = ['drafted', 'publishing', 'published'] as const;
export type CertStatus = (typeof CERT_STATUSES)[number];
/** The list's status filter (spec section 2): single choice. */
export const CERT_STATUS_LABELS: Record<CertStatus, string> = { published: 'Published', publishing: 'Publishing', drafted: 'Draft' };

/**
 * Who receives a batch: the rows of an uploaded CSV, the event's attendees (its registrants
 * checked in at the door or attended online, not refunded), read from their registrations, or
 * those meeting the batch's `rules` (certificate-rules.ts), now and whoever meets them later.
 */
export const CERT_RECIPIENT_TYPES = ['csv', 'attendees', 'eligible'] as const;
/** Recipient types read from the event's registrations: no CSV file. */
export const fromRegistrations = (type: string | null | undefined) => type === 'attendees' || type === 'eligible';
export type CertRecipientType = (typeof CERT_RECIPIENT_TYPES)[number];

export const TEMPLATE_OBJECT_KEYS = ['recipientName', 'serialNumber'] as const;
export type TemplateObjectKey = (typeof TEMPLATE_OBJECT_KEYS)[number];

const point = z.tuple([z.number().finite().min(0).max(20_000), z.number().finite().min(0).max(20_000)]);
const required = (message: string) => ({ error: message });

/** Spec section 3, Template object: a text box in template-image pixels, centred in its box. */
export const templateObjectSchema = z.object({
  key: z.enum(TEMPLATE_OBJECT_KEYS),
  placeholder: z.object({ start: point, end: point }).refine((p) => p.end[0] > p.start[0] && p.end[1] > p.start[1], 'Placeholder end must be right of and below its start'),
  anchor: z.object({ horizontal: z.literal('middle'), vertical: z.literal('middle') }),
  textStyle: z.object({
    font: z.enum(CERT_FONT_VALUES, required(CERT_MSG.fontStyle)),
    size: z.number(required(CERT_MSG.fontSizeRecipient)).int().min(1).max(1000),
    color: z.string(required(CERT_MSG.fontColor)).regex(/^[0-9A-Fa-f]{6}$/, CERT_MSG.fontColor),
    charLength: z.number(required(CERT_MSG.maxLengthRecipient)).int().min(1).max(500),
  }),
  type: z.literal('text'),
});
export type TemplateObject = z.infer<typeof templateObjectSchema>;

/** Both placeholders, once each; the messages name which one is missing its size or length. */
export const templateObjectsSchema = z.array(templateObjectSchema).length(2).superRefine((objects, ctx) => {
  for (const key of TEMPLATE_OBJECT_KEYS) {
    if (objects.filter((o) => o.key === key).length !== 1) ctx.addIssue({ code: 'custom', message: `Missing template object ${key}` });
  }
});

export const recipientCsvSchema = z.object({
  fileUrl: z.string().min(1).max(500),
  fileName: z.string().min(1).max(255),
  recipientNameColumn: z.string(required(CERT_MSG.nameColumn)).min(1, CERT_MSG.nameColumn).max(200),
  recipientEmailColumn: z.string(required(CERT_MSG.emailColumn)).min(1, CERT_MSG.emailColumn).max(200),
  totalRecipient: z.number().int().min(0),
  columns: z.array(z.string().max(200)).max(200),
});
export type RecipientCsv = z.infer<typeof recipientCsvSchema>;

/**
 * `POST v1/certificates` / `PUT v1/certificates/{id}` (spec section 7). A draft needs only its
 * template image; publishing needs everything (`certificateIssues`).
 */
export const certificatePayloadSchema = z.object({
  isDraft: z.boolean(),
  eventId: z.string(required(CERT_MSG.event)).max(100).nullable(),
  recipientType: z.enum(CERT_RECIPIENT_TYPES, required(CERT_MSG.recipientType)).nullable(),
  recipientCsv: recipientCsvSchema.nullable(),
  templateBackgroundUrl: z.string().max(500).nullable(),
  serialNumberPrefix: z.string(required(CERT_MSG.generatedNumber)).max(100).nullable(),
  groupName: z.string().max(200).nullable().optional(),
  templateObjects: templateObjectsSchema,
  /** Only for `recipientType: "eligible"` (needed to publish it); ignored otherwise. */
  rules: certificateRulesSchema.nullable().optional(),
});
export type CertificatePayload = z.infer<typeof certificatePayloadSchema>;

/**
 * What a save still lacks, as the spec's `Missing this fields: …` (spec section 5): a draft
 * needs the template image; a publish needs every field, the template and the CSV file (unless
 * the recipients are read from the event's registrations), and for `eligible` its rules.
 */
export function certificateMissing(
  p: Pick<CertificatePayload, 'isDraft' | 'eventId' | 'recipientCsv' | 'templateBackgroundUrl' | 'serialNumberPrefix'> & {
    recipientType?: CertificatePayload['recipientType']; rules?: CertificatePayload['rules'];
  },
): string | null {
  const missing: string[] = [];
  if (!p.templateBackgroundUrl) missing.push(CERT_FIELD_NAMES.template);
  if (!p.isDraft) {
    if (!p.eventId) missing.push(CERT_FIELD_NAMES.event);
    if (!p.serialNumberPrefix) missing.push(CERT_FIELD_NAMES.serialNumber);
    if (!fromRegistrations(p.recipientType) && !p.recipientCsv) missing.push(CERT_FIELD_NAMES.csv);
    if (p.recipientType === 'eligible' && !p.rules) missing.push(CERT_FIELD_NAMES.rules);
  }
  return missing.length ? fill(CERT_MSG.missingFields, { fields: missing.join(', ') }) : null;
}

/** Preview needs template image, event and number prefix (spec section 5). */
export function previewMissing(p: { eventId?: string | null; templateBackgroundUrl?: string | null; serialNumberPrefix?: string | null }): string | null {
  const missing = [
    !p.templateBackgroundUrl && CERT_FIELD_NAMES.template,
    !p.eventId && CERT_FIELD_NAMES.event,
    !p.serialNumberPrefix && CERT_FIELD_NAMES.serialNumber,
  ].filter(Boolean);
  return missing.length ? fill(CERT_MSG.missingFields, { fields: missing.join(', ') }) : null;
}

/** `POST v1/certificates/preview`. */
export const certificatePreviewSchema = z.object({
  eventId: z.string().max(100).nullable().optional(),
  recipientName: z.string().max(500),
  templateBackgroundUrl: z.string().max(500).nullable().optional(),
  serialNumberPrefix: z.string().max(100).nullable().optional(),
  templateObjects: templateObjectsSchema,
});
export type CertificatePreviewInput = z.infer<typeof certificatePreviewSchema>;
/** The spec reads `data.data.result.data`: a data URL of the rendered PNG. */
export const certificatePreviewResponseSchema = z.object({ data: z.object({ data: z.object({ result: z.object({ data: z.string() }) }) }) });

export const certificateSchema = z.object({
  id: z.string(),
  status: z.enum(CERT_STATUSES),
  event: z.object({ id: z.string(), name: z.string() }).nullable(),
  eventName: z.string(),
  recipientType: z.enum(CERT_RECIPIENT_TYPES).nullable(),
  recipientCsv: recipientCsvSchema.nullable(),
  totalRecipient: z.number().int(),
  templateBackgroundUrl: z.string().nullable(),
  serialNumberPrefix: z.string().nullable(),
  groupName: z.string().nullable(),
  templateObjects: z.array(templateObjectSchema),
  /** An `eligible` batch's rules; null for the others. */
  rules: certificateRulesSchema.nullable().optional(),
  /** Publishing progress: certificates rendered and mailed so far, of totalRecipient. */
  progress: z.object({ done: z.number().int(), total: z.number().int(), failed: z.number().int() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;
export const certificateResponseSchema = resultEnvelope(certificateSchema);

/** `GET /v1/certificates`: the caller's certificates; `filters` `{ status }`, single choice. */
export const certificateListQuerySchema = pagedQuery(z.object({ status: z.enum(CERT_STATUSES).optional() }), ['createdAt', 'updatedAt'] as const).extend({
  showSponsored: z.string().optional(),
  creator: z.string().max(254).optional(),
  userId: z.string().max(100).optional(),
});
export const certificateListResponseSchema = pagedEnvelope(certificateSchema);

/**
 * `GET /verify/{serial}?t={token}` as JSON (`/v1/certificates/verify/{serial}?t=`): what anyone
 * holding the certificate may check. Without the certificate's token (printed on it as URL and
 * QR) a serial only says that it exists: `withToken` false and no details.
 */
export const certificateVerificationSchema = z.object({
  serial: z.string(),
  withToken: z.boolean(),
  recipientName: z.string().optional(),
  eventName: z.string().optional(),
  eventDate: z.string().nullable().optional(),
  issuedAt: z.string().optional(),
});
/** The verify routes' query: `t`, the certificate's secret token. */
export const certificateVerifyQuerySchema = z.object({ t: z.string().max(100).optional() });
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/**
 * `GET /v1/certificates/attendees-count?eventId=…[&certificateId=…]`: the event's attendees
 * now; with a certificate of that event, how many of them already hold one of it and how many a
 * publish would add (the form shows it before publishing).
 */
/** The certificate form's event search: by name, ten at a time. */
export const certificateEventsQuerySchema = z.object({ name: z.string().max(100).optional() });
/**
 * An event a certificate may be made for: published, approved, and over or with attendees (checked
 * in at the door or attended online) already; `attendees` counts them.
 */
export const certificateEventSchema = z.object({ id: z.string(), name: z.string(), ended: z.boolean(), attendees: z.number().int() });
export type CertificateEvent = z.infer<typeof certificateEventSchema>;

export const attendeesCountQuerySchema = z.object({ eventId: z.string().max(100), certificateId: z.string().max(100).optional() });
export const attendeesCountSchema = z.object({
  attendees: z.number().int(),
  alreadyCertified: z.number().int(),
  toSend: z.number().int(),
});
export type AttendeesCount = z.infer<typeof attendeesCountSchema>;
