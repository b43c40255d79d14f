import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { WebhookUrlProblem } from '@eo/contract';

/**
 * Where a webhook may be sent (API.md, Integrations): only to public addresses. A URL whose host
 * is, or resolves to, a private, loopback, link-local, CGNAT, reserved or multicast address
 * (IPv4, IPv6, and IPv4 inside IPv6) is refused, unless WEBHOOK_ALLOW_PRIVATE is set. Checked at
 * save and again before each send, where the request then connects to the very address checked
 * (a name that resolves anew between the check and the connection cannot move it).
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10],
  ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const m = /^(?:::ffff:|::|64:ff9b::)(?:0:)?(.+)$/.exec(lower);
  if (!m) return undefined;
  const tail = m[1]!;
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(tail);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether a literal IP address is one a webhook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export interface Resolved { address: string; family: 4 | 6 }
export class WebhookUrlError extends Error {
  constructor(readonly problem: WebhookUrlProblem) {
    super(`webhook url refused: ${problem}`);
  }
}

/**
 * The address a send to `url` connects to: every address its host resolves to must be public (a
 * name answering with one private address among public ones is refused too). `allowPrivate`
 * lifts the address rule only (a local receiver in development and tests).
 */
export async function resolveWebhookTarget(url: string, allowPrivate: boolean): Promise<Resolved> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookUrlError('scheme');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new WebhookUrlError('scheme');
  if (parsed.username || parsed.password) throw new WebhookUrlError('credentials');
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let answers: { address: string; family: number }[];
  try {
    answers = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new WebhookUrlError('unresolvable');
  }
  if (answers.length === 0) throw new WebhookUrlError('unresolvable');
  if (!allowPrivate && answers.some((a) => isPrivateAddress(a.address))) throw new WebhookUrlError('private');
  const first = answers[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
