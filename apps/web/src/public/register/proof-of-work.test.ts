import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { ProofOfWork, withProof } from './proof-of-work';

const SECRET = 'form-test-secret';
/** A cheap signed challenge, lapsing `lifeSeconds` from now. */
const challenge = (lifeSeconds = 600) => createChallenge({
  algorithm: 'PBKDF2/SHA-256', cost: 1, counter: 3, deriveKey, hmacSignatureSecret: SECRET,
  expiresAt: Math.floor(Date.now() / 1000) + lifeSeconds,
});

/** The server's challenge route: answers the given challenges in turn (an Error: the network failed). */
function serve(...answers: (Awaited<ReturnType<typeof challenge>> | Error)[]) {
  const fetch = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('no more challenges');
    if (next instanceof Error) throw next;
    return new Response(JSON.stringify({ data: { result: next } }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const decode = (payload: string) => JSON.parse(atob(payload)) as { challenge: Awaited<ReturnType<typeof challenge>>; solution: { counter: number; derivedKey: string } };

afterEach(() => { vi.unstubAllGlobals(); });

describe('the form’s proof of work', () => {
  it('solves ahead; each call gets its own solved challenge, and taking one starts the next', async () => {
    const [a, b, c] = [await challenge(), await challenge(), await challenge()];
    const fetch = serve(a, b, c);
    const proof = new ProofOfWork();
    proof.prepare();
    proof.prepare();
    expect(fetch).toHaveBeenCalledTimes(1);
    const first = decode(await proof.take());
    const second = decode(await proof.take());
    expect(first.challenge.signature).toBe(a.signature);
    expect(second.challenge.signature).toBe(b.signature);
    for (const p of [first, second]) {
      expect((await verifySolution({ challenge: p.challenge, solution: p.solution, deriveKey, hmacSignatureSecret: SECRET })).verified).toBe(true);
    }
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('replaces a prepared solution about to lapse, and one whose fetch failed', async () => {
    const fresh = await challenge();
    serve(await challenge(20), fresh);
    expect(decode(await new ProofOfWork().take()).challenge.signature).toBe(fresh.signature);
    const again = await challenge();
    serve(new Error('offline'), again);
    expect(decode(await new ProofOfWork().take()).challenge.signature).toBe(again.signature);
  });

  it('a write refused for its challenge is sent once more with a fresh one; refused again, it fails as said', async () => {
    const [a, b, c, d] = [await challenge(), await challenge(), await challenge(), await challenge()];
    serve(a, b, c, d);
    const refused = new Error('CHALLENGE_REQUIRED');
    const failed = new Error('verifikasi gagal');
    const sent: string[] = [];
    const proof = new ProofOfWork();
    const once = await withProof(proof, async (altcha) => {
      sent.push(decode(altcha).challenge.signature ?? '');
      if (sent.length === 1) throw refused;
      return 'ok';
    }, (err) => err === refused, () => failed);
    expect(once).toBe('ok');
    expect(sent).toEqual([a.signature, b.signature]);
    await expect(withProof(proof, async () => { throw refused; }, (err) => err === refused, () => failed)).rejects.toBe(failed);
    // Any other refusal (sold out, a wrong field) is the form's to show, not retried.
    const other = new Error('TICKET_SOLD_OUT');
    const tries = vi.fn(async () => { throw other; });
    serve(await challenge(), await challenge());
    await expect(withProof(new ProofOfWork(), tries, (err) => err === refused, () => failed)).rejects.toBe(other);
    expect(tries).toHaveBeenCalledTimes(1);
  });

  it('fails as said when no challenge can be had twice', async () => {
    serve(new Error('offline'), new Error('offline'), new Error('offline'), new Error('offline'));
    const failed = new Error('verifikasi gagal');
    const write = vi.fn(async () => 'ok');
    await expect(withProof(new ProofOfWork(), write, () => false, () => failed)).rejects.toBe(failed);
    expect(write).not.toHaveBeenCalled();
  });
});
