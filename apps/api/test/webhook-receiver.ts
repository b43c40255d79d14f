import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook { path: string; headers: Record<string, string>; body: string; at: number }

/**
 * A real HTTP receiver for webhook tests (node:http on loopback, a port the kernel picks): keeps
 * every request it got and answers with `respond(request number from 1)`, 200 unless told.
 * `onRequest` runs before the answer, so a test can act mid-delivery (kill the sender).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const state: { respond: (n: number, r: ReceivedWebhook) => number; onRequest?: (r: ReceivedWebhook) => void | Promise<void> } = { respond: () => 200 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: ReceivedWebhook = { path: req.url ?? '', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(r);
      void Promise.resolve(state.onRequest?.(r)).then(() => {
        const status = state.respond(received.length, r);
        res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
      }, () => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    state,
    /** The parsed bodies of what arrived, in order. */
    events: () => received.map((r) => JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> }),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
