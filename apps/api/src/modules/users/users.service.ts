import { OWN_MSG } from '@eo/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { hasDashboardRole } from '../../lib/caller.js';
import { conflict } from '../../lib/errors.js';
import { hashPassword, isEmailRegistered } from '../auth/auth.service.js';
import { insertOrganization, insertUser } from './users.repository.js';

export interface NewUser {
  email: string; name: string; roles: string[]; level?: string;
  /**
   * The password, or a hash already made of it by hashPassword: the demo seed and the test
   * fixtures give many accounts one password, and argon2id costs about 64 ms of CPU a hash.
   */
  password: string | { hash: string };
  /**
   * A dashboard user gets a personal organization named after them, as its owner, unless they
   * join one instead (an accepted invitation).
   */
  personalOrganization?: boolean;
}

const LEVELS: Record<string, string> = { globalAdmin: 'Global Admin', eventOrganizer: 'Event Organizer' };

/** In `db`'s transaction when given one: the account and its organization land together. */
export async function createUser(db: DbOrTx, input: NewUser): Promise<string> {
  if (await isEmailRegistered(db, input.email)) throw conflict(OWN_MSG.emailTaken);
  const level = input.level ?? LEVELS[input.roles[0]] ?? 'Participant';
  const passwordHash = typeof input.password === 'string' ? await hashPassword(input.password) : input.password.hash;
  return db.transaction(async (tx) => {
    const id = await insertUser(tx, { email: input.email.trim(), name: input.name, passwordHash, roles: input.roles, level });
    if (input.personalOrganization !== false && hasDashboardRole(input.roles)) await insertOrganization(tx, input.name, id);
    return id;
  });
}

/** Accounts made by a globalAdmin (`POST /v1/admin/users`); the CLI and the seed call createUser. */
export class UsersService {
  constructor(private readonly db: Db) {}

  create(input: NewUser) {
    return createUser(this.db, input);
  }
}
