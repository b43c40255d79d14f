/**
 * The event page's writes (the registration, its uploads, "Kirim ulang e-tiket"): JSON answers
 * read as API.md writes them, refusals thrown as `Refused`, each write with a solved challenge.
 */
import { ProofOfWork, withProof } from './proof-of-work';
import { PROOF_OF_WORK, PROOF_OF_WORK_MSG, PUBLIC_FORM_TEXT as T } from './texts';

export interface ServerAnswer {
  message?: string; messageId?: string; errors?: { message: string; path?: string }[];
  /** A result, an upload's file, or what a refusal adds (TICKET_SOLD_OUT: `waitlist`). */
  data?: { fileId?: string; waitlist?: boolean; result?: { ticketCode?: string; position?: number } } | null;
}

/** A refusal of the server, with what it said. */
export class Refused extends Error {
  constructor(readonly answer: ServerAnswer | null) { super(answer?.message ?? T.failed); }
}

export async function send(url: string, init: RequestInit): Promise<ServerAnswer> {
  const res = await fetch(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
  const answer = await res.json().catch(() => null) as ServerAnswer | null;
  if (!res.ok) throw new Refused(answer);
  return answer ?? {};
}

/** Starts `begin` once the form comes into view or is touched, whichever is first: readers of the page solve nothing. */
export function whenShown(form: HTMLFormElement, begin: () => void) {
  if (typeof IntersectionObserver === 'undefined') return begin();
  const seen = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) { seen.disconnect(); begin(); }
  });
  seen.observe(form);
  form.addEventListener('focusin', begin, { once: true });
}

/** Sends a write with a solved challenge (`carry` puts it in the request); a second failure of the proof says so in Indonesian. */
export const sendProved = (proof: ProofOfWork, url: string, carry: (altcha: string) => RequestInit): Promise<ServerAnswer> => withProof(
  proof, (altcha) => send(url, carry(altcha)),
  (err) => err instanceof Refused && err.answer?.messageId === PROOF_OF_WORK.messageId,
  () => new Refused({ message: PROOF_OF_WORK_MSG.required, messageId: PROOF_OF_WORK.messageId }),
);

/** A JSON write's request with the solution in the body field `altcha`. */
export const jsonWithProof = (body: object) => (altcha: string): RequestInit => ({
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, [PROOF_OF_WORK.bodyField]: altcha }),
});
