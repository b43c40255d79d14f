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

/**
 * lookup3's state (a, b, c) between steps. Module-level and typed (int32 arithmetic as C's
 * uint32): closures over local state cost ~1 µs a hash (a name search hashes a dozen pieces).
 */
const abc = new Int32Array(3);

function mix(s: Int32Array) {
  s[0] -= s[2]; s[0] ^= rot(s[2], 4); s[2] += s[1];
  s[1] -= s[0]; s[1] ^= rot(s[0], 6); s[0] += s[2];
  s[2] -= s[1]; s[2] ^= rot(s[1], 8); s[1] += s[0];
  s[0] -= s[2]; s[0] ^= rot(s[2], 16); s[2] += s[1];
  s[1] -= s[0]; s[1] ^= rot(s[0], 19); s[0] += s[2];
  s[2] -= s[1]; s[2] ^= rot(s[1], 4); s[1] += s[0];
}

function final(s: Int32Array) {
  s[2] ^= s[1]; s[2] -= rot(s[1], 14);
  s[0] ^= s[2]; s[0] -= rot(s[2], 11);
  s[1] ^= s[0]; s[1] -= rot(s[0], 25);
  s[2] ^= s[1]; s[2] -= rot(s[1], 16);
  s[0] ^= s[2]; s[0] -= rot(s[2], 4);
  s[1] ^= s[0]; s[1] -= rot(s[0], 14);
  s[2] ^= s[1]; s[2] -= rot(s[1], 24);
}

/** Little-endian 32-bit word at `i` (all four bytes present). */
const word = (bytes: Uint8Array, i: number) => bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
/** Byte `j` of the tail at `i`, shifted, or 0 past the tail's `len`. */
const tail = (bytes: Uint8Array, i: number, len: number, j: number, shift: number) => (j < len ? bytes[i + j] << shift : 0);

/** PostgreSQL's hash_bytes_extended of `bytes` with `seed` (high, low; 0, 0: none), little-endian. */
export function hashBytesExtended(bytes: Uint8Array, seed: Hash64 = [0, 0]): Hash64 {
  const s = abc;
  let len = bytes.length;
  s[0] = s[1] = s[2] = 0x9e3779b9 + len + 3923095;
  if (seed[0] !== 0 || seed[1] !== 0) {
    s[0] += seed[0];
    s[1] += seed[1];
    mix(s);
  }
  let i = 0;
  for (; len >= 12; i += 12, len -= 12) {
    s[0] += word(bytes, i);
    s[1] += word(bytes, i + 4);
    s[2] += word(bytes, i + 8);
    mix(s);
  }
  // The last 11 bytes; the lowest byte of c is left out (lookup3 keeps it for the length).
  s[2] += tail(bytes, i, len, 10, 24) + tail(bytes, i, len, 9, 16) + tail(bytes, i, len, 8, 8);
  s[1] += tail(bytes, i, len, 7, 24) + tail(bytes, i, len, 6, 16) + tail(bytes, i, len, 5, 8) + tail(bytes, i, len, 4, 0);
  s[0] += tail(bytes, i, len, 3, 24) + tail(bytes, i, len, 2, 16) + tail(bytes, i, len, 1, 8) + tail(bytes, i, len, 0, 0);
  final(s);
  return [s[1] >>> 0, s[2] >>> 0];
}

/** A hash as PostgreSQL shows the bigint: signed, in decimal. */
const asBigint = ([high, low]: Hash64) => BigInt.asIntN(64, (BigInt(high) << 32n) | BigInt(low)).toString();

/** Whether registrant_name_tokens of `text` may be computed here: ASCII only (lower() is the same everywhere for it, checked all the same). */
export const computableHere = (text: string) => /^[\x20-\x7e]*$/.test(text);

/** registrant_name_tokens(eventId, text) for an ASCII text (computableHere), as the database's bigints in decimal. */
export function nameTokens(eventId: string, text: string): string[] {
  const seed = hashBytesExtended(asciiBytes(eventId.toLowerCase()));
  const lower = asciiBytes(text.toLowerCase());
  const tokens: string[] = [];
  for (let i = 0; i + 3 <= lower.length; i++) tokens.push(asBigint(hashBytesExtended(lower.subarray(i, i + 3), seed)));
  return tokens;
}

/** The UTF-8 bytes of an ASCII text (a uuid, a computableHere text): its character codes. */
export function asciiBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Every printable ASCII character, each in some piece: the text the database is asked to tokenize once to check nameTokens. */
export const TOKEN_PROBE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
export const PROBE_EVENT = '00000000-0000-4000-8000-000000000000';
