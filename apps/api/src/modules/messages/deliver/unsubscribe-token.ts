import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The link that stops an organization's announcements to one address: `<org>.<email in base64url>.<mac>`,
 * signed with the server's secret, so nobody can opt another address out, and it never expires
 * (a mail read a year later still works).
 */
export function unsubscribeToken(secret: string, organizationId: string, email: string): string {
  const body = `${organizationId}.${Buffer.from(email.toLowerCase()).toString('base64url')}`;
  return `${body}.${mac(secret, body)}`;
}

/** The page that opts `email` out of the organization's announcements, on `publicUrl`. */
export const unsubscribeUrl = (publicUrl: string, secret: string, organizationId: string, email: string) =>
  `${publicUrl}/u/${unsubscribeToken(secret, organizationId, email)}`;

export function readUnsubscribeToken(secret: string, token: string): { organizationId: string; email: string } | undefined {
  const [org, mail, sig] = token.split('.');
  if (!org || !mail || !sig) return undefined;
  const expected = Buffer.from(mac(secret, `${org}.${mail}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { organizationId: org, email: Buffer.from(mail, 'base64url').toString('utf8') };
}

const mac = (secret: string, body: string) => createHmac('sha256', `unsubscribe:${secret}`).update(body).digest('base64url').slice(0, 32);
