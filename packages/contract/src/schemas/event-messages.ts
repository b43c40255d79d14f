import { z } from 'zod';
import { whatsappCountsSchema } from '../whatsapp.js';
import {
  BROADCAST_MSG as M, MERGE_FIELDS, MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, unknownMergeFields,
} from '../messages-broadcast.js';
import { fill } from '../messages.js';
import { envelope, resultEnvelope } from './common.js';
import { pagedEnvelope } from './lists.js';

/** Messages to participants and reminders (API.md "Messages"). */

const known = (text: string, ctx: z.RefinementCtx, path: string) => {
  const [first] = unknownMergeFields(text);
  if (first) ctx.addIssue({ code: 'custom', path: [path], message: fill(M.unknownField, { field: `{${first}}`, fields: MERGE_FIELDS.map((f) => `{${f}}`).join(', ') }) });
};

const checkFields = (m: { subject: string; body: string }, ctx: z.RefinementCtx) => {
  known(m.subject, ctx, 'subject');
  known(m.body, ctx, 'body');
};

export const messageSubjectSchema = z.string().trim().min(1, M.subjectRequired).max(MESSAGE_SUBJECT_MAX, fill(M.subjectTooLong, { n: MESSAGE_SUBJECT_MAX }))
  .refine((s) => !/[\r\n]/.test(s), M.subjectRequired);
export const messageTextSchema = z.string().trim().min(1, M.bodyRequired).max(MESSAGE_BODY_MAX, fill(M.bodyTooLong, { n: MESSAGE_BODY_MAX }));

export const MESSAGE_ATTENDANCE = ['all', 'checkedIn', 'notCheckedIn'] as const;
export type MessageAttendance = (typeof MESSAGE_ATTENDANCE)[number];

/** Who gets it: the event's current registrants, of these ticket categories (all when none), by check-in. */
export const messageAudienceSchema = z.object({
  ticketIds: z.array(z.string().max(100)).max(50).optional(),
  attendance: z.enum(MESSAGE_ATTENDANCE).default('all'),
});
export type MessageAudience = z.output<typeof messageAudienceSchema>;

/** The subject and body with their merge fields checked. */
export const messageContentSchema = z.object({ subject: messageSubjectSchema, body: messageTextSchema }).superRefine((m, ctx) => checkFields(m, ctx));

const messageFields = z.object({
  subject: messageSubjectSchema,
  body: messageTextSchema,
  audience: messageAudienceSchema.default({ attendance: 'all' }),
  /** Send later (ISO instant); now when absent. */
  sendAt: z.iso.datetime({ offset: true }).optional(),
});
export const messageBodySchema = messageFields.superRefine(checkFields);
export type MessageBody = z.output<typeof messageBodySchema>;

export const MESSAGE_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_KINDS = ['announcement', 'reminderDay', 'reminderHour'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const messageCreatedSchema = z.object({ id: z.string(), status: z.enum(['scheduled', 'sending']), recipients: z.number().int() });
export const messageCreatedResponseSchema = resultEnvelope(messageCreatedSchema);

/** `bounced`: refused for good by the receiving server (5xx); `failed`: tries on temporary failures exhausted. */
export const messageCountsSchema = z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int(), bounced: z.number().int() });

export const messageListItemSchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  subject: z.string(),
  audience: z.object({ ticketIds: z.array(z.string()).optional(), attendance: z.enum(MESSAGE_ATTENDANCE) }),
  /** The audience's ticket categories by name (all when empty). */
  ticketNames: z.array(z.string()),
  status: z.enum(MESSAGE_STATUSES),
  sendAt: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The member who sent it; null for an automatic reminder. */
  sentBy: z.string().nullable(),
  /** Addressed so far: known once sending starts (the count at scheduling before that). */
  recipients: z.number().int(),
  counts: messageCountsSchema,
  /** Its WhatsApp messages (a reminder's, to those who asked for WhatsApp); null when it has none. */
  whatsapp: whatsappCountsSchema.nullable(),
});
export type MessageListItem = z.infer<typeof messageListItemSchema>;
export const messageListResponseSchema = pagedEnvelope(messageListItemSchema);
export const messageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** At most this many failed addresses in a message's detail. */
export const MESSAGE_FAILURES_SHOWN = 100;
export const messageDetailSchema = messageListItemSchema.extend({
  body: z.string(),
  failures: z.array(z.object({ email: z.string(), name: z.string(), reason: z.string() })),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;
export const messageDetailResponseSchema = resultEnvelope(messageDetailSchema);

export const messageParamsSchema = z.object({ id: z.string().max(100) });
export const messageItemParamsSchema = z.object({ id: z.string().max(100), messageId: z.string().max(100) });

/** `GET …/messages/audience?ticketIds=a,b&attendance=checkedIn`: how many would get it now. */
export const audienceQuerySchema = z.object({
  ticketIds: z.string().max(5000).optional().transform((s) => (s ? s.split(',').filter(Boolean) : undefined)),
  attendance: z.enum(MESSAGE_ATTENDANCE).default('all'),
});
export const audienceCountResponseSchema = resultEnvelope(z.object({ recipients: z.number().int() }));

/** The mail as a recipient would get it: with the values of a real registrant of the audience (`sample`), or placeholders when there is none. */
export const messagePreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string(), sample: z.string().nullable() });
export type MessagePreview = z.infer<typeof messagePreviewSchema>;
export const messagePreviewBodySchema = messageFields.pick({ subject: true, body: true, audience: true }).superRefine(checkFields);
export const messagePreviewResponseSchema = resultEnvelope(messagePreviewSchema);

export const messageTestResponseSchema = envelope(z.object({ email: z.string() }));

/** The automatic reminders of an event, each on or off, with what each would send. */
export const remindersBodySchema = z.object({ dayBefore: z.boolean(), hourBefore: z.boolean() });
export type RemindersBody = z.infer<typeof remindersBodySchema>;
export const remindersSchema = remindersBodySchema.extend({
  /** The hour-before reminder is for online events only. */
  online: z.boolean(),
  previews: z.object({ dayBefore: messagePreviewSchema, hourBefore: messagePreviewSchema.nullable() }),
});
export type Reminders = z.infer<typeof remindersSchema>;
export const remindersResponseSchema = resultEnvelope(remindersSchema);

/** A link is 38 characters; one that names the address (still honoured, see the API's unsubscribe-token.ts) is up to 409. */
export const unsubscribeParamsSchema = z.object({ token: z.string().min(10).max(420) });
