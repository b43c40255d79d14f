import { createHmac } from 'node:crypto';
import { wibDay } from '@eo/contract';

const HOUR_MS = 3_600_000;

/** Bytes of answer files one event holds at most, unnamed by any registration (they go after a day). */
export const EVENT_UNNAMED_UPLOAD_BYTES = 500 * 1024 * 1024;
/** How far back a sender's unnamed bytes count. */
export const SENDER_WINDOW_MS = HOUR_MS;

/**
 * Who sent an answer file, as stored: HMAC of their address under a key made from the server's
 * secret and the WIB day, so the table holds no address and cannot link a sender across days.
 */
export function senderKeyOf(secret: string, ip: string, now: Date): string {
  const dayKey = createHmac('sha256', secret).update(`answer-upload-senders:${wibDay(now)}`).digest();
  return createHmac('sha256', dayKey).update(ip).digest('base64url').slice(0, 22);
}
