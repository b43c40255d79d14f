import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const DIRECTIVES = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets WebAssembly compile (the check-in scanner's QR decoder, zxing-wasm,
  // served from our build, where the browser has no BarcodeDetector: desktop Chromium, iOS);
  // it allows no JavaScript eval and no inline script.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
};

/**
 * The embedded registration form (API.md, Integrations): `/e/{id}/embed` and the e-ticket it
 * shows after registering, `/e/{id}/embed/ticket/{code}`, which carry no form that acts on a
 * registration. Nothing else may be framed.
 */
export const FRAMABLE_PATH = /^\/e\/[^/?#]+\/embed(?:\/ticket\/[^/?#]+)?\/?(?:[?#]|$)/;

/** The host page's script (`<script src="{PUBLIC_URL}/embed.js">`), loaded by other sites. */
export const EMBED_SCRIPT = /^\/embed\.js(?:[?#]|$)/;

/**
 * Secure response headers from helmet, with a CSP the built app satisfies (no inline scripts;
 * antd injects its styles at run time). The middleware is built once per kind of answer: the
 * Fastify wrapper (@fastify/helmet) rebuilt it, CSP parsing included, on every request.
 * Every answer keeps `frame-ancestors 'none'` (and X-Frame-Options) but the embedded form, which
 * any site may frame; the embed script may be loaded by any site (Cross-Origin-Resource-Policy).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const apply = helmet({ contentSecurityPolicy: { directives: DIRECTIVES } });
  const framable = helmet({
    contentSecurityPolicy: { directives: { ...DIRECTIVES, frameAncestors: ['*'] } },
    xFrameOptions: false,
  });
  const script = helmet({ contentSecurityPolicy: { directives: DIRECTIVES }, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const chosen = FRAMABLE_PATH.test(url) ? framable : EMBED_SCRIPT.test(url) ? script : apply;
    chosen(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
