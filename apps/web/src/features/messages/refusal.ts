import { BROADCAST_MSG as M, MERGE_FIELDS, fill, unknownMergeFields } from '@eo/contract';
import { ApiError, errorText } from '../../lib/api-client';

/** The compose form's fields a refusal can name. */
export type ComposeField = 'subject' | 'body' | 'audience' | 'sendAt';

/** A refusal as the form shows it: under the fields it names (`errors[].path`), the rest as one alert. */
export interface Refusal { fields: Partial<Record<ComposeField, string>>; alert: string | null }

export const NO_REFUSAL: Refusal = { fields: {}, alert: null };

const fieldOf = (path: string | undefined): ComposeField | null => {
  const head = path?.split(/[.[]/)[0];
  return head === 'subject' || head === 'body' || head === 'audience' || head === 'sendAt' ? head : null;
};

/** The server's 400 (with `errors[].path`), 429 MESSAGE_DAILY_CAP or any other failure. */
export function refusalOf(err: unknown): Refusal {
  if (!(err instanceof ApiError)) return { fields: {}, alert: errorText(err) };
  const fields: Refusal['fields'] = {};
  const rest: string[] = [];
  for (const e of err.body.errors ?? []) {
    const field = fieldOf(e.path);
    if (field && !fields[field]) fields[field] = e.message;
    else if (!field) rest.push(e.message);
  }
  const named = Object.keys(fields).length > 0;
  const alert = rest.length ? rest.join(' ') : named ? null : errorText(err);
  return { fields, alert };
}

const unknownField = (text: string) => {
  const [first] = unknownMergeFields(text);
  return first ? fill(M.unknownField, { field: `{${first}}`, fields: MERGE_FIELDS.map((f) => `{${f}}`).join(', ') }) : undefined;
};

/** The checks the server makes of a subject and body that the form can make first (the same texts). */
export function checkContent(subject: string, body: string): Refusal['fields'] {
  const fields: Refusal['fields'] = {};
  const s = subject.trim() ? unknownField(subject) : M.subjectRequired;
  const b = body.trim() ? unknownField(body) : M.bodyRequired;
  if (s) fields.subject = s;
  if (b) fields.body = b;
  return fields;
}
