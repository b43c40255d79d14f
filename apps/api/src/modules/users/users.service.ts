import { OWN_MSG } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { hashPassword } from '../auth/auth.service.js';
import { findUserByEmail } from '../auth/auth.repository.js';

export interface NewUser { email: string; name: string; password: string; roles: string[]; level?: string }

const LEVELS: Record<string, string> = { globalAdmin: 'Global Admin', eventOrganizer: 'Event Organizer' };

export async function createUser(db: Db, input: NewUser): Promise<string> {
  if (await findUserByEmail(db, input.email)) throw conflict(OWN_MSG.emailTaken);
  const level = input.level ?? LEVELS[input.roles[0]] ?? 'Participant';
  const [row] = await db
    .insert(users)
    .values({ email: input.email.trim(), name: input.name, passwordHash: await hashPassword(input.password), roles: input.roles, level })
    .returning({ id: users.id });
  return row.id;
}
