import { ACCESS_CODE_PATTERN } from '@eo/contract';
import { publicEventUrl } from '../../overview/share/share-links';

/** Letters and digits that cannot be misread when a code is read out or typed (no 0/O, 1/I/L). */
const CODE_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** A fresh hidden-ticket code: 8 characters, drawn with the browser's cryptographic random. */
export function randomAccessCode(): string {
  const bytes = crypto.getRandomValues(new Uint32Array(CODE_LENGTH));
  return Array.from(bytes, (b) => CODE_CHARS[b % CODE_CHARS.length]).join('');
}

export const isAccessCode = (code: string | null): code is string => code !== null && ACCESS_CODE_PATTERN.test(code.trim());

/** The link that shows a hidden ticket: the event's public page with its code. */
export const hiddenTicketUrl = (eventId: string, code: string, origin?: string) =>
  `${publicEventUrl(eventId, origin)}?kode=${encodeURIComponent(code.trim())}`;
