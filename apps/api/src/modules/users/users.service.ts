import { OWN_MSG } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { hashPassword, isEmailRegistered } from '../auth/auth.service.js';
import { insertUser } from './users.repository.js';

export interface NewUser { email: string; name: string; password: string; roles: string[]; level?: string }

const LEVELS: Record<string, string> = { globalAdmin: 'Global Admin', eventOrganizer: 'Event Organizer' };

export async function createUser(db: Db, input: NewUser): Promise<string> {
  if (await isEmailRegistered(db, input.email)) throw conflict(OWN_MSG.emailTaken);
  const level = input.level ?? LEVELS[input.roles[0]] ?? 'Participant';
  return insertUser(db, { email: input.email.trim(), name: input.name, passwordHash: await hashPassword(input.password), roles: input.roles, level });
}

/** Accounts made by a globalAdmin (`POST /v1/admin/users`); the CLI and the seed call createUser. */
export class UsersService {
  constructor(private readonly db: Db) {}

  create(input: NewUser) {
    return createUser(this.db, input);
  }
}
