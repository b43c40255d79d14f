/**
 * registrant_name_tokens (migration 0032) in the API process, for texts of ASCII characters:
 * the three-character pieces of the lowercased text, each hashed as PostgreSQL's
 * hashtextextended does (hash_bytes_extended, Bob Jenkins' lookup3, src/common/hashfn.c) with the
 * event's own hash as the seed. A search then needs no round trip to learn its tokens. Whether
 * these equal the database's (its lower() and hash) is checked against it (name-search.repository).
 */

/** A 64-bit hash as its two 32-bit halves (high, low). */
type Hash64 = [number, number];

const rot = (x: number, k: number) => (x << k) | (x >>> (32 - k));

/** PostgreSQL's hash_bytes_extended of `bytes` with `seed` (high, low; 0, 0: none), little-endian. */
export function hashBytesExtended(bytes: Uint8Array, seed: Hash64 = [0, 0]): Hash64 {
  let len = bytes.length;
  let a = (0x9e3779b9 + len + 3923095) | 0;
  let b = a;
  let c = a;
  const mix = () => {
    a = (a - c) | 0; a ^= rot(c, 4); c = (c + b) | 0;
    b = (b - a) | 0; b ^= rot(a, 6); a = (a + c) | 0;
    c = (c - b) | 0; c ^= rot(b, 8); b = (b + a) | 0;
    a = (a - c) | 0; a ^= rot(c, 16); c = (c + b) | 0;
    b = (b - a) | 0; b ^= rot(a, 19); a = (a + c) | 0;
    c = (c - b) | 0; c ^= rot(b, 4); b = (b + a) | 0;
  };
  if (seed[0] !== 0 || seed[1] !== 0) {
    a = (a + seed[0]) | 0;
    b = (b + seed[1]) | 0;
    mix();
  }
  const word = (i: number) => bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
  let i = 0;
  for (; len >= 12; i += 12, len -= 12) {
    a = (a + word(i)) | 0;
    b = (b + word(i + 4)) | 0;
    c = (c + word(i + 8)) | 0;
    mix();
  }
  // The last 11 bytes; the lowest byte of c is left out (lookup3 keeps it for the length).
  const at = (j: number, shift: number) => (j < len ? bytes[i + j] << shift : 0);
  c = (c + at(10, 24) + at(9, 16) + at(8, 8)) | 0;
  b = (b + at(7, 24) + at(6, 16) + at(5, 8) + at(4, 0)) | 0;
  a = (a + at(3, 24) + at(2, 16) + at(1, 8) + at(0, 0)) | 0;
  c ^= b; c = (c - rot(b, 14)) | 0;
  a ^= c; a = (a - rot(c, 11)) | 0;
  b ^= a; b = (b - rot(a, 25)) | 0;
  c ^= b; c = (c - rot(b, 16)) | 0;
  a ^= c; a = (a - rot(c, 4)) | 0;
  b ^= a; b = (b - rot(a, 14)) | 0;
  c ^= b; c = (c - rot(b, 24)) | 0;
  return [b >>> 0, c >>> 0];
}

const encoder = new TextEncoder();

/** A hash as PostgreSQL shows the bigint: signed, in decimal. */
const asBigint = ([high, low]: Hash64) => BigInt.asIntN(64, (BigInt(high) << 32n) | BigInt(low)).toString();

/** Whether registrant_name_tokens of `text` may be computed here: ASCII only (lower() is the same everywhere for it, checked all the same). */
export const computableHere = (text: string) => /^[\x20-\x7e]*$/.test(text);

/** registrant_name_tokens(eventId, text) for an ASCII text (computableHere), as the database's bigints in decimal. */
export function nameTokens(eventId: string, text: string): string[] {
  const seed = hashBytesExtended(encoder.encode(eventId.toLowerCase()));
  const lower = text.toLowerCase();
  const tokens: string[] = [];
  for (let i = 0; i + 3 <= lower.length; i++) tokens.push(asBigint(hashBytesExtended(encoder.encode(lower.slice(i, i + 3)), seed)));
  return tokens;
}

/** Every printable ASCII character, each in some piece: the text the database is asked to tokenize once to check nameTokens. */
export const TOKEN_PROBE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
export const PROBE_EVENT = '00000000-0000-4000-8000-000000000000';
