import { z } from 'zod';

/** Error body of API.md: every failure carries it. */
export const errorItemSchema = z.object({ message: z.string(), path: z.string().optional() });
export const errorBodySchema = z.object({
  message: z.string(),
  messageId: z.string(),
  errors: z.array(errorItemSchema).optional(),
  errorId: z.string().optional(),
  /** What a refusal adds for its caller (ALREADY_CHECKED_IN: the first check-in's time and who). */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Success envelope of API.md: `{ data, message?, messageId? }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional(), messageId: z.string().optional() });
}

/** `{ data: null, message }`: an answer that only says what happened. */
export const messageResponseSchema = envelope(z.null()).extend({ message: z.string() });

/** `{ data: { result } }` for a single record. */
export function resultEnvelope<T extends z.ZodType>(result: T) {
  return envelope(z.object({ result }));
}
