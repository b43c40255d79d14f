import { wibDay } from '@eo/contract';
import type { Db } from '../src/db/client.js';
import { createEvent, type NewEvent } from '../src/modules/events/events.service.js';
import { PlatformService } from '../src/modules/platform/platform.service.js';
import { createUser } from '../src/modules/users/users.service.js';
import { createTestApp, tokenFor } from './harness.js';

const DAY = 86_400_000;
export const PASSWORD = 'demo-password';

export async function createUsers(db: Db) {
  const [org1, org2, admin, participant] = await Promise.all([
    createUser(db, { email: 'organizer@demo.id', name: 'Organizer Satu', password: PASSWORD, roles: ['eventOrganizer'] }),
    createUser(db, { email: 'organizer2@demo.id', name: 'Organizer Dua', password: PASSWORD, roles: ['eventOrganizer'] }),
    createUser(db, { email: 'admin@demo.id', name: 'Admin', password: PASSWORD, roles: ['globalAdmin'] }),
    createUser(db, { email: 'participant@demo.id', name: 'Peserta', password: PASSWORD, roles: ['participant'] }),
  ]);
  return { org1, org2, admin, participant };
}

/** An event whose single ticket runs `days` from now (negative: in the past). */
export function simpleEvent(name: string, opts: { days: number; price?: number; quota?: number; draft?: boolean }): NewEvent {
  const now = Date.now();
  const date = wibDay(new Date(now + opts.days * DAY));
  return {
    event: { name, type: 'Lomba', isDraft: opts.draft ?? false, isPaidEvent: (opts.price ?? 0) > 0, registrationMethod: 'internal' },
    tickets: [{
      name: 'Reguler',
      type: (opts.price ?? 0) > 0 ? 'paid' : 'free',
      price: opts.price ?? 0,
      originalQuotaType: opts.quota ? 'limited' : 'unlimited',
      originalQuota: opts.quota ?? -1,
      dates: [{ date, startHour: '09:00', endHour: '12:00' }],
    }],
  };
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

export { createEvent, PlatformService };

/** A fresh app with the four demo-like users and signed-in tokens for three of them. */
export async function createTeamApp() {
  const t = await createTestApp();
  const ids = await createUsers(t.database.db);
  const [org1, org2, admin] = await Promise.all(
    ['organizer@demo.id', 'organizer2@demo.id', 'admin@demo.id'].map(async (email) => (await tokenFor(t.app, email)).token),
  );
  return { t, ids, org1, org2, admin };
}
