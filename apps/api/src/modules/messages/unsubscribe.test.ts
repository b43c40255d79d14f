import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_MSG as M, fill, ORGANIZATION_HEADER } from '@eo/contract';
import { messageOptouts, organizations } from '../../db/schema/index.js';
import { escapeHtml } from '../../lib/public-html.js';
import { readOutbox } from '../../lib/mailer.js';
import { call, settleJobs, type TestApp } from '../../../test/harness.js';
import { callerFor, createEvent, createTeamApp, PlatformService, simpleEvent } from '../../../test/fixtures.js';
import { readUnsubscribeToken, unsubscribeToken } from './deliver/unsubscribe-token.js';

/**
 * The unsubscribe link of an announcement, for an address long enough that a link carrying it
 * would pass the router's default parameter limit: what the mail carries (short, naming no
 * address), the page a GET shows, the one-click POST of RFC 8058, links refused, links naming
 * the address in base64 honoured, and the opt-out stopping the next announcement.
 */
const LONG = 'peserta.dengan.nama.yang.panjang.sekali.untuk.uji@fakultas-teknik.universitas-contoh.ac.id';
const SHORT = 'pendek@contoh.id';
const ONE_CLICK = { payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } };

let t: TestApp;
let owner: string;
let eventId: string;
let orgId: string;
let orgName: string;

beforeAll(async () => {
  const team = await createTeamApp({ JOB_WORKERS: '1', MESSAGE_RATE: '1000' });
  ({ t, org1: owner } = team);
  const { db } = t.database;
  eventId = await createEvent(db, team.ids.org1, simpleEvent('Seminar Surel', { days: 10 }));
  const ticket = await db.query.tickets.findFirst({ where: (x, { eq: e }) => e(x.eventId, eventId) });
  const platform = new PlatformService(db);
  for (const email of [LONG, SHORT]) {
    await platform.register(eventId, { ticketId: ticket!.id, participant: { name: 'Peserta', email, lastEducation: 'S1', gender: 'Perempuan' } });
  }
  orgId = (await callerFor(db, team.ids.org1)).organizationId!;
  orgName = (await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId)))[0]!.name;
}, 60_000);
afterAll(() => t?.close());

async function announce(subject: string) {
  const res = await call(t.app, {
    method: 'POST', url: `/v1/events/${eventId}/messages`, token: owner, headers: { [ORGANIZATION_HEADER]: orgId }, payload: { subject, body: 'Halo {nama}' },
  });
  expect(res.status).toBe(201);
  await settleJobs(t.database.db);
}

async function mailsTo(to: string, subject: string) {
  const mine = (await readOutbox(t.config.dataDir)).filter((m) => m.to.includes(to) && m.subject === subject);
  return Promise.all(mine.map(async (m) => ({ ...m, raw: (await readFile(m.file, 'utf8')).replace(/\r?\n[ \t]+/g, ' ') })));
}

const optedOut = async (email: string) =>
  (await t.database.db.select().from(messageOptouts).where(and(eq(messageOptouts.organizationId, orgId), eq(messageOptouts.email, email)))).length > 0;

/** A link naming organization and address, `<organization>.<address in base64url>.<mac>`, as delivered mail may carry it. */
function addressLink(email: string, secret = t.config.jwtSecret) {
  const body = `${orgId}.${Buffer.from(email).toString('base64url')}`;
  return `/u/${body}.${createHmac('sha256', `unsubscribe:${secret}`).update(body).digest('base64url').slice(0, 32)}`;
}

describe('the link', () => {
  let link: string;

  it('is short, names no address, and is the same in List-Unsubscribe and in the footer', async () => {
    await announce('Info pertama');
    const [mail] = await mailsTo(LONG, 'Info pertama');
    const header = /^List-Unsubscribe: <(https?:\/\/[^>]+)>$/m.exec(mail!.raw)![1]!;
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    link = new URL(header).pathname;
    const token = link.slice('/u/'.length);
    expect(token).toMatch(/^[A-Za-z0-9_-]{38}$/);
    expect(header).not.toContain(Buffer.from(LONG).toString('base64url').slice(0, 12));
    expect(decodeURIComponent(header)).not.toContain('peserta');
    expect(mail!.text).toContain(header);
    // Each address its own link.
    const [other] = await mailsTo(SHORT, 'Info pertama');
    expect(other!.raw).toMatch(/^List-Unsubscribe: <https?:\/\/\S+\/u\/[A-Za-z0-9_-]{38}>$/m);
    expect(other!.raw).not.toContain(link);
  });

  it('GET shows the page that asks, naming the organizer and the address, and opts nobody out', async () => {
    const page = await t.app.inject({ method: 'GET', url: link, headers: { accept: 'text/html' } });
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.body).toContain(escapeHtml(fill(M.unsubscribeAsk, { organizer: orgName, email: LONG })));
    expect(page.body).toMatch(/<form class="card" method="post">/);
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(await optedOut(LONG)).toBe(false);
  });

  it('a tampered link, or one signed with another secret, is refused with the page saying so, and opts nobody out', async () => {
    const token = link.slice('/u/'.length);
    const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;
    const { registrantId } = readUnsubscribeToken(t.config.jwtSecret, token) as { registrantId: string };
    const other = unsubscribeToken('another-secret-0123456789', registrantId);
    for (const bad of [flip(token, 3), flip(token, 30), token.slice(0, 37), `${token}A`, other, addressLink(LONG, 'another-secret').slice(3)]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `/u/${bad}`, ...(method === 'POST' ? ONE_CLICK : {}) });
        expect([bad, method, res.statusCode, res.headers['content-type']]).toEqual([bad, method, 404, 'text/html; charset=utf-8']);
        expect(res.body).toContain(escapeHtml(M.unsubscribeInvalid));
      }
    }
    expect(await optedOut(LONG)).toBe(false);
  });

  it('the one-click POST (RFC 8058) opts the address out; the next announcement skips it, and only it', async () => {
    const done = await t.app.inject({ method: 'POST', url: link, ...ONE_CLICK });
    expect([done.statusCode, done.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(done.body).toContain(escapeHtml(fill(M.unsubscribed, { organizer: orgName, email: LONG })));
    expect(await optedOut(LONG)).toBe(true);
    // A mail client may send it again.
    expect((await t.app.inject({ method: 'POST', url: link, ...ONE_CLICK })).statusCode).toBe(200);
    await announce('Info kedua');
    expect(await mailsTo(LONG, 'Info kedua')).toHaveLength(0);
    expect(await mailsTo(SHORT, 'Info kedua')).toHaveLength(1);
  });

  it("the organizer's test mail and the preview carry no working link: they would opt the sample registrant out", async () => {
    const send = (url: string) => call(t.app, {
      method: 'POST', url: `/v1/events/${eventId}${url}`, token: owner, headers: { [ORGANIZATION_HEADER]: orgId }, payload: { subject: 'Uji tautan', body: 'Halo {nama}' },
    });
    expect((await send('/messages/test')).status).toBe(200);
    const [mail] = (await readOutbox(t.config.dataDir)).filter((m) => m.subject === '[Uji] Uji tautan');
    const footerLink = /\/u\/[^\s"<]+/.exec(mail!.text)![0];
    expect(footerLink).toBe('/u/{token}');
    const preview = await send('/messages/preview');
    expect(preview.body.data.result.text).toContain('/u/{token}');
    expect((await t.app.inject({ method: 'POST', url: encodeURI(footerLink), ...ONE_CLICK })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('a link naming the address in base64 (the other form honoured) asks and opts out, though longer than 100 characters', async () => {
    const email = 'alamat.lama.yang.juga.cukup.panjang.untuk.diuji@kampus-contoh.ac.id';
    const old = addressLink(email);
    expect(old.length).toBeGreaterThan(150);
    const page = await t.app.inject({ method: 'GET', url: old, headers: { accept: 'text/html' } });
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.body).toContain(escapeHtml(fill(M.unsubscribeAsk, { organizer: orgName, email })));
    const done = await t.app.inject({ method: 'POST', url: old, ...ONE_CLICK });
    expect(done.statusCode).toBe(200);
    expect(await optedOut(email)).toBe(true);
  });
});
