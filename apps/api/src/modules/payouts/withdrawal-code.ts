import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { fill, formatRupiah, MAIL_MSG as M, WITHDRAW_CODE } from '@eo/contract';
import { unlinkable } from '../../lib/unlinkable.js';

/** A uniformly random 6-digit code (leading zeros kept). */
export const newCode = () => String(randomInt(0, 10 ** WITHDRAW_CODE.digits)).padStart(WITHDRAW_CODE.digits, '0');

/** Stored as a hash salted with the withdrawal id: the table never holds a usable code. */
export const hashCode = (withdrawalId: string, code: string) => createHash('sha256').update(`${withdrawalId}:${code}`).digest('hex');

export function codeMatches(storedHash: string | null, withdrawalId: string, code: string): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashCode(withdrawalId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** `WD-20261121-7KQ2M9XA`: readable over the phone, unique by index. */
export function newReferenceId(now: Date): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const tail = Array.from({ length: 8 }, () => alphabet[randomInt(0, alphabet.length)]).join('');
  return `WD-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${tail}`;
}

export function codeMail(to: string, input: { code: string; amount: number; eventName: string; referenceId: string }) {
  return {
    to,
    subject: fill(M.codeSubject, { referenceId: input.referenceId }),
    text: [
      M.hello,
      '',
      fill(M.codeIntro, { amount: formatRupiah(input.amount), eventName: unlinkable(input.eventName), referenceId: input.referenceId }),
      '',
      input.code,
      '',
      fill(M.codeRules, { minutes: WITHDRAW_CODE.ttlMinutes, tries: WITHDRAW_CODE.maxAttempts }),
      M.codeNotYou,
    ].join('\n'),
  };
}
