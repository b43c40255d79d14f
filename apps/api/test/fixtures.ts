import { eventPayloadSchema, wibDay, type EventPayloadInput, type OrgRole } from '@eo/contract';
import type { Db } from '../src/db/client.js';
import type { Caller } from '../src/lib/caller.js';
import { findMembership } from '../src/lib/access.repository.js';
import { EventWriteService } from '../src/modules/events/event-write.service.js';
import { PlatformService } from '../src/modules/platform/platform.service.js';
import { setApproval } from '../src/modules/events/events.service.js';
import { createUser } from '../src/modules/users/users.service.js';
import { hashPassword } from '../src/modules/auth/auth.service.js';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/pg-results.js';
import { validEventPayload } from './event-payload.js';
import { memberships, seatsLeft } from '../src/db/schema/index.js';
import { createTestApp, tokenFor, type TestApp } from './harness.js';

const DAY = 86_400_000;
export const PASSWORD = 'demo-password';
let hashed: Promise<{ hash: string }> | undefined;
/** PASSWORD hashed once in this process, for createUser: the fixtures' accounts all share it. */
export const passwordHashed = () => (hashed ??= hashPassword(PASSWORD).then((hash) => ({ hash })));

export async function createUsers(db: Db) {
  const password = await passwordHashed();
  const [org1, org2, admin, participant] = await Promise.all([
    createUser(db, { email: 'organizer@demo.id', name: 'Organizer Satu', password, roles: ['eventOrganizer'] }),
    createUser(db, { email: 'organizer2@demo.id', name: 'Organizer Dua', password, roles: ['eventOrganizer'] }),
    createUser(db, { email: 'admin@demo.id', name: 'Admin', password, roles: ['globalAdmin'] }),
    createUser(db, { email: 'participant@demo.id', name: 'Peserta', password, roles: ['participant'] }),
  ]);
  return { org1, org2, admin, participant };
}

/** `approved: false` leaves a submitted event waiting for review (pending); by default it is approved. */
export interface FixtureEvent { payload: EventPayloadInput; draft: boolean; eventDay: number; approved?: boolean }

/** A complete Lomba whose single ticket runs `days` from now (negative: in the past). */
export function simpleEvent(name: string, opts: { days: number; price?: number; quota?: number; draft?: boolean }): FixtureEvent {
  const eventDay = Date.now() + opts.days * DAY;
  const paid = (opts.price ?? 0) > 0;
  const base = validEventPayload();
  return {
    draft: opts.draft ?? false,
    eventDay,
    payload: {
      ...base,
      name,
      isPaidEvent: paid,
      tickets: [{
        ...base.tickets[0],
        type: paid ? 'paid' : 'free',
        price: opts.price ?? 0,
        originalQuotaType: opts.quota ? 'limited' : 'unlimited',
        originalQuota: opts.quota ?? -1,
        maxTicketPerUser: -1,
        dates: [{ date: wibDay(new Date(eventDay)), startHour: '09:00', endHour: '12:00' }],
        registrationDeadline: { date: wibDay(new Date(eventDay - DAY)), hour: '09:00' },
        registrationSteps: [],
      }],
    },
  };
}

/** The seats a ticket has left (-1: unlimited), its row's and its slots' (db/schema/tickets.ts). */
export async function seatsLeftOf(db: Db, ticketId: string): Promise<number> {
  return rowsOf<{ n: number }>(await db.execute(sql`select ${seatsLeft()} as n from tickets t where t.id = ${ticketId}::uuid`))[0]!.n;
}

/**
 * Stores a fixture event through the event API's own service (validated as a submit, or as a
 * draft). A past event is created a few days before it took place, as it would have been; a
 * submitted one is then approved by the platform (only approved events sell), unless told not to.
 */
export async function createEvent(db: Db, creatorId: string, e: FixtureEvent, createdAt?: Date): Promise<string> {
  const now = createdAt ?? new Date(Math.min(Date.now(), e.eventDay - 3 * DAY));
  const id = await new EventWriteService(db).create(await callerFor(db, creatorId), eventPayloadSchema.parse(e.payload), e.draft ? 'draft' : 'submit', now);
  if (!e.draft && e.approved !== false) await setApproval(db, id, 'approved', now);
  return id;
}

/** Registers `n` participants for the event's first ticket, `at` a moment before its end. */
export async function registerMany(db: Db, eventId: string, n: number, at: Date, prefix = 'p') {
  const platform = new PlatformService(db);
  const ticket = await db.query.tickets.findFirst({ where: (t, { eq }) => eq(t.eventId, eventId) });
  const results = [];
  for (let i = 0; i < n; i++) {
    results.push(await platform.register(eventId, {
      ticketId: ticket!.id,
      participant: { name: `Peserta ${i}`, email: `${prefix}${i}@contoh.id`, lastEducation: 'S1', gender: 'Perempuan' },
    }, at));
  }
  return results;
}

export { PlatformService };

/** A fresh app with the four demo-like users and signed-in tokens for three of them. */
export async function createTeamApp(overrides: Record<string, string> = {}) {
  const t = await createTestApp(overrides);
  const ids = await createUsers(t.database.db);
  const [org1, org2, admin] = await Promise.all(
    ['organizer@demo.id', 'organizer2@demo.id', 'admin@demo.id'].map(async (email) => (await tokenFor(t.app, email)).token),
  );
  return { t, ids, org1, org2, admin };
}

/**
 * A service-level caller as the access gate would make it for `userId`: acting within their
 * oldest organization (their personal one), with their role there.
 */
export async function callerFor(db: Db, userId: string, opts: { isAdmin?: boolean; organizationId?: string } = {}): Promise<Caller> {
  const m = await findMembership(db, userId, opts.organizationId);
  const isAdmin = opts.isAdmin ?? false;
  return { userId, sessionId: '', email: '', name: '', level: '', roles: [isAdmin ? 'globalAdmin' : 'eventOrganizer'], isAdmin, organizationId: m?.organizationId, role: m?.role };
}

/**
 * Signed-in members of an organization with these roles (new accounts named `Anggota <role>`,
 * emails `<role>.<tag>@contoh.id`): their tokens by role.
 */
export async function addMembers<R extends OrgRole>(t: TestApp, organizationId: string, roles: R[], tag: string): Promise<Record<R, string>> {
  const tokens = {} as Record<R, string>;
  for (const role of roles) {
    const email = `${role}.${tag}@contoh.id`;
    const userId = await createUser(t.database.db, { email, name: `Anggota ${role}`, password: await passwordHashed(), roles: ['eventOrganizer'], personalOrganization: false });
    await t.database.db.insert(memberships).values({ organizationId, userId, role });
    tokens[role] = (await tokenFor(t.app, email)).token;
  }
  return tokens;
}
