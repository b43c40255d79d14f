import { PUBLIC_PHONE_PATTERN } from './texts';

/** One field's refusal: the id of its control (or group) and what to say under it. */
export interface Problem { id: string; message: string }

/** The phone as the server reads it: spaces and dashes dropped. */
export const normalPhone = (value: string) => value.trim().replace(/[\s-]/g, '');
export const phoneOk = (value: string) => PUBLIC_PHONE_PATTERN.test(normalPhone(value));
/** A plausible address (the server's check is stricter and has the last word). */
export const emailOk = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** What a file input's chosen files break, if anything: too many, too big, or not of an accepted type. */
export function fileProblem(
  files: { size: number; type: string }[],
  rules: { maxFiles: number; maxBytes: number; accept: string[] },
): 'tooMany' | 'tooBig' | 'wrongType' | null {
  if (files.length > rules.maxFiles) return 'tooMany';
  if (files.some((f) => f.size > rules.maxBytes)) return 'tooBig';
  // A browser that cannot tell the type says '' : the server reads the bytes anyway.
  if (files.some((f) => f.type !== '' && !rules.accept.includes(f.type))) return 'wrongType';
  return null;
}

/**
 * Where a refusal of the server belongs on the form: `participant.email` → the email field,
 * `answers.{questionId}` → that question, `ticketId` → the ticket choice; anything else none.
 */
export function fieldOfPath(path: string | undefined): string | null {
  if (!path) return null;
  const participant: Record<string, string> = {
    'participant.name': 'reg-name', 'participant.email': 'reg-email', 'participant.phoneNumber': 'reg-phone',
    'participant.lastEducation': 'reg-edu', 'participant.gender': 'reg-gender', ticketId: 'reg-ticket',
  };
  if (participant[path]) return participant[path];
  const answer = /^answers\.([^.]+)/.exec(path);
  return answer ? `q-${answer[1]}` : null;
}
