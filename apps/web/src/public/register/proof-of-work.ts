/**
 * The form's proof of work (API.md "Public pages"): a signed ALTCHA challenge from the server,
 * solved with altcha-lib's own solver (PBKDF2 through WebCrypto, off the page's main thread)
 * while the person fills the form; each write then sends its own solution.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { PROOF_OF_WORK_ADDRESS } from './texts';

/** A solution sent in the last half minute of its challenge could arrive after it lapsed. */
const MARGIN_MS = 30_000;

interface Solved { payload: string; expiresAtMs: number }

/** Fetches a challenge and solves it: the payload is base64 of `{ challenge, solution }` (the ALTCHA widget's v2 payload). */
async function solveOne(): Promise<Solved> {
  const res = await fetch(PROOF_OF_WORK_ADDRESS.challenge.path, { headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!res.ok) throw new Error(`challenge ${res.status}`);
  const challenge = ((await res.json()) as { data: { result: Challenge } }).data.result;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return { payload: btoa(JSON.stringify({ challenge, solution })), expiresAtMs: (challenge.parameters.expiresAt ?? 0) * 1000 };
}

/** One solution ready ahead: taking it starts the next, so a form with uploads rarely waits. */
export class ProofOfWork {
  private next: Promise<Solved> | null = null;

  /** Starts solving in the background, unless a solution is already under way. */
  prepare() {
    if (this.next) return;
    this.next = solveOne();
    // A failure is seen (and solved anew) by take(), not as an unhandled rejection.
    this.next.catch(() => undefined);
  }

  /** A solution for one call: the prepared one, or a new one if it failed or is about to lapse. Throws when the new one fails too. */
  async take(): Promise<string> {
    this.prepare();
    const ready = await this.next!.catch(() => null);
    this.next = null;
    const solved = ready && ready.expiresAtMs - Date.now() > MARGIN_MS ? ready : await solveOne();
    this.prepare();
    return solved.payload;
  }
}

/**
 * Runs one write with a solved challenge. A challenge the server refused (`refusedChallenge`:
 * lapsed, or spent) or one that could not be fetched or solved gets one more try with a fresh
 * one; after that, `failed()` is thrown.
 */
export async function withProof<T>(proof: ProofOfWork, write: (altcha: string) => Promise<T>, refusedChallenge: (err: unknown) => boolean, failed: () => Error): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const altcha = await proof.take().catch(() => null);
    if (altcha !== null) {
      try {
        return await write(altcha);
      } catch (err) {
        if (!refusedChallenge(err)) throw err;
      }
    }
    if (attempt >= 2) throw failed();
  }
}
