import type { EndpointAddress } from './endpoint.js';

/**
 * Proof of work on the public writes (API.md "Public pages"): the page fetches a signed ALTCHA
 * challenge, solves it while the form is filled, and sends the solution (base64 of the JSON
 * `{ challenge, solution }`) in the body field `altcha`, or for a multipart upload in the header
 * `X-Altcha`. Zod-free, so the public form's script can import it.
 */
export const PROOF_OF_WORK = {
  bodyField: 'altcha',
  header: 'x-altcha',
  /** The refusal's messageId: missing, wrong, expired or used before. */
  messageId: 'CHALLENGE_REQUIRED',
  /** How long a challenge may be solved and sent. */
  lifetimeSeconds: 600,
  /** Longest payload read: a v2 payload is under 1 KB; anything far longer is not one. */
  maxPayloadChars: 4096,
} as const;

export const PROOF_OF_WORK_ADDRESS = {
  challenge: { method: 'GET', path: '/v1/public/challenge', access: 'public' },
} as const satisfies Record<string, EndpointAddress>;

export const PROOF_OF_WORK_MSG = {
  /** The API's refusal, and what the form says when a fresh challenge failed too. */
  required: 'Verifikasi keamanan gagal atau sudah kedaluwarsa. Muat ulang halaman lalu coba lagi.',
} as const;
