import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Secure response headers from helmet, with a CSP the built app satisfies (no inline scripts;
 * antd injects its styles at run time). The middleware is built once: the Fastify wrapper
 * (@fastify/helmet) rebuilt it, CSP parsing included, on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
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
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
