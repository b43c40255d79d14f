import { createHmac, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** How long a signed invoice link opens the PDF. */
export const INVOICE_LINK_TTL_S = 3600;

export const invoicePath = (transactionId: string) => `/v1/doc/event/invoice-${transactionId}.pdf`;

/** A link's expiry is rounded up to this many seconds: one link (and one MAC) per transaction a minute. */
const EXPIRY_STEP_S = 60;

/**
 * The UI opens the invoice in a new tab, which cannot send the Authorization header: the
 * transaction list hands out links signed with the server's secret instead, valid for an
 * hour (up to a minute more: the expiry is rounded up to the minute, so a link is signed once a
 * minute and kept, not ten MACs a page view). Every API process shares the secret (JWT_SECRET),
 * so any of them verifies the link.
 */
export class InvoiceLinks {
  private readonly signed = new LRUCache<string, string>({ max: 10_000 });

  constructor(private readonly secret: string, private readonly ttlSeconds = INVOICE_LINK_TTL_S) {}

  private sign(transactionId: string, exp: number): Buffer {
    // Prefixed so that this MAC can never be confused with one made for another purpose.
    return createHmac('sha256', this.secret).update(`invoice:${transactionId}:${exp}`).digest();
  }

  private expiry(nowMs: number): number {
    return Math.ceil((Math.floor(nowMs / 1000) + this.ttlSeconds) / EXPIRY_STEP_S) * EXPIRY_STEP_S;
  }

  /** Path (on the API host) with `?exp=<unix seconds>&sig=<base64url>`. */
  url(transactionId: string, nowMs = Date.now()): string {
    const exp = this.expiry(nowMs);
    const key = `${transactionId}:${exp}`;
    let sig = this.signed.get(key);
    if (!sig) this.signed.set(key, (sig = this.sign(transactionId, exp).toString('base64url')));
    return `${invoicePath(transactionId)}?exp=${exp}&sig=${sig}`;
  }

  /** True for an untampered link that has not expired; compared in constant time. */
  verify(transactionId: string, exp: string | undefined, sig: string | undefined, nowMs = Date.now()): boolean {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
    const expiry = Number(exp);
    if (expiry * 1000 < nowMs) return false;
    const given = Buffer.from(sig, 'base64url');
    const expected = this.sign(transactionId, expiry);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
