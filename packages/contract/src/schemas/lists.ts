import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants.js';
import { envelope } from './common.js';

/**
 * Text PostgreSQL cannot store: a NUL character, or half of a surrogate pair (not Unicode: the
 * driver would store a replacement character instead). The API refuses such text with 400.
 */
export const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where the first string (or key) holding unstorable text is, as a dotted path ('' for the value
 * itself); undefined when there is none. Iterative: request bodies may nest deeply.
 */
export function unstorablePath(root: unknown): string | undefined {
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE_TEXT.test(value)) return path;
    } else if (value && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        const at = path ? `${path}.${key}` : key;
        if (UNSTORABLE_TEXT.test(key)) return at;
        stack.push([(value as Record<string, unknown>)[key], at]);
      }
    }
  }
  return undefined;
}

/** A query-string boolean: `true`/`false`/`1`/`0`. */
export const queryBool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** Paging of API.md: page from 1, limit default 10 and at most 100, sort on a whitelisted field. */
export function pagedQuery<F extends z.ZodObject, S extends readonly [string, ...string[]]>(filters: F, sortParams: S) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
    sortBy: z.enum(['asc', 'desc']).default('desc'),
    sortParam: z.enum(sortParams).default(sortParams[0]),
    filters: z
      .string()
      .max(2000)
      .optional()
      .transform((raw, ctx) => {
        if (!raw) return filters.parse({});
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'filters must be a JSON object' });
          return z.NEVER;
        }
        // A `\u0000` or lone `\ud800` escape decodes to text PostgreSQL cannot hold (the fuzzing suite's 500).
        if (unstorablePath(json) !== undefined) {
          ctx.addIssue({ code: 'custom', message: 'Invalid filters' });
          return z.NEVER;
        }
        const parsed = filters.safeParse(json);
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid filters' });
          return z.NEVER;
        }
        return parsed.data as z.output<F>;
      }),
  });
}

export function pagedEnvelope<T extends z.ZodType>(doc: T) {
  return pagedEnvelopeOf(doc, {});
}

/** A page with fields of its own beside it (a keyset list's `nextCursor`). */
export function pagedEnvelopeOf<T extends z.ZodType, X extends z.ZodRawShape>(doc: T, extra: X) {
  return envelope(z.object({
    docs: z.array(doc),
    page: z.number().int(),
    limit: z.number().int(),
    totalDocs: z.number().int(),
    totalPages: z.number().int(),
    ...extra,
  }));
}

export interface Paged<T> { docs: T[]; page: number; limit: number; totalDocs: number; totalPages: number }
