import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_LENGTH } from '@eo/contract';

/** A new key: the prefix and 192 random bits; only its hash and first characters are stored. */
export function newApiKey() {
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_SHOWN_LENGTH), keyHash: hashApiKey(key) };
}

/** SHA-256 of the whole key: the key is random enough that a slow hash would add nothing. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
