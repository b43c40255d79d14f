import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';

/**
 * The demo's accounts and the check whether to seed: what a server needs before it knows it
 * seeds, kept apart from the seed itself (its posters bring sharp, which an already seeded
 * server would hold idle).
 */
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_ACCOUNTS = [
  { email: 'organizer@demo.id', name: 'Komunitas Muda Berkarya', roles: ['eventOrganizer'] },
  { email: 'organizer2@demo.id', name: 'Sains Ceria Indonesia', roles: ['eventOrganizer'] },
  { email: 'admin@demo.id', name: 'Admin Platform', roles: ['globalAdmin'] },
  { email: 'participant@demo.id', name: 'Peserta Demo', roles: ['participant'] },
] as const;

/** Committee members of organizer@demo.id's organization: they join it instead of getting their own. */
export const DEMO_MEMBERS = [
  { email: 'staff@demo.id', name: 'Sari Panitia', role: 'staff', of: 'organizer@demo.id' },
  { email: 'finance@demo.id', name: 'Budi Bendahara', role: 'finance', of: 'organizer@demo.id' },
] as const;

/** The banner's list of the demo accounts, a line each: every account and every committee member. */
export function demoAccountLines(): string[] {
  const pad = (email: string) => `  ${email.padEnd(22)} `;
  const ownerName = (email: string) => DEMO_ACCOUNTS.find((a) => a.email === email)?.name ?? email;
  return [
    ...DEMO_ACCOUNTS.map((a) => `${pad(a.email)}${a.roles.join(', ')}${(a.roles as readonly string[]).includes('participant') ? ' (sign-in refused: no dashboard role)' : ''}`),
    ...DEMO_MEMBERS.map((m) => `${pad(m.email)}${m.role} of ${ownerName(m.of)}`),
  ];
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row.n === 0;
}
