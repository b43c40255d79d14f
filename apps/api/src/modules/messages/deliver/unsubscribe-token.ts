import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../lib/ids.js';

/** The registrant's id (16 bytes) and the first 12 bytes (96 bits) of its MAC, both base64url: 22 + 16 characters. */
const ID_CHARS = 22;
const MAC_BYTES = 12;
const TOKEN_CHARS = ID_CHARS + Math.ceil((MAC_BYTES * 4) / 3);

/** Whose announcements stop: a registrant (the server reads the address), or an organization and an address. */
export type UnsubscribeTarget = { registrantId: string } | { organizationId: string; email: string };

/**
 * The link that stops an organization's announcements to one registrant's address: the
 * registrant's id and a MAC with the server's secret, so nobody can opt another address out, the
 * link names no address (the server looks it up), and it never expires (a mail read a year later
 * still works). 38 characters of base64url, no dot: a mail client or scanner that cuts URLs at
 * punctuation keeps all of it.
 */
export function unsubscribeToken(secret: string, registrantId: string): string {
  const id = Buffer.from(registrantId.replace(/-/g, ''), 'hex');
  return `${id.toString('base64url')}${macOf(secret, registrantId).toString('base64url')}`;
}

/** The page that opts the registrant's address out of its organization's announcements, on `publicUrl`. */
export const unsubscribeUrl = (publicUrl: string, secret: string, registrantId: string) =>
  `${publicUrl}/u/${unsubscribeToken(secret, registrantId)}`;

/**
 * What a link names, or undefined when it is not one we signed. A link naming its organization
 * and address (`<organization>.<address in base64url>.<mac>`) is honoured too: delivered mail
 * carries it in List-Unsubscribe, which mail clients POST to long after, and that opt-out must
 * work. This module makes only registrant links.
 */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | undefined {
  return token.includes('.') ? readAddressToken(secret, token) : readRegistrantToken(secret, token);
}

function readRegistrantToken(secret: string, token: string): UnsubscribeTarget | undefined {
  if (token.length !== TOKEN_CHARS || !/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
  const hex = Buffer.from(token.slice(0, ID_CHARS), 'base64url').toString('hex');
  const registrantId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!isUuid(registrantId)) return undefined;
  const given = Buffer.from(token.slice(ID_CHARS), 'base64url');
  const expected = macOf(secret, registrantId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { registrantId } : undefined;
}

function readAddressToken(secret: string, token: string): UnsubscribeTarget | undefined {
  const [org, mail, sig, ...rest] = token.split('.');
  if (!org || !mail || !sig || rest.length || !isUuid(org)) return undefined;
  const expected = Buffer.from(addressMac(secret, `${org}.${mail}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { organizationId: org, email: Buffer.from(mail, 'base64url').toString('utf8') };
}

const key = (secret: string) => `unsubscribe:${secret}`;
const macOf = (secret: string, registrantId: string) =>
  createHmac('sha256', key(secret)).update(`registrant:${registrantId.toLowerCase()}`).digest().subarray(0, MAC_BYTES);
const addressMac = (secret: string, body: string) => createHmac('sha256', key(secret)).update(body).digest('base64url').slice(0, 32);
