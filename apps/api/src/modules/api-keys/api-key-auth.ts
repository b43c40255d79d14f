import type { ApiKeyScope } from '@eo/contract';
import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/caller.js';
import { hashApiKey } from './api-key-secret.js';
import { findLiveKey, touchApiKey } from './api-keys.repository.js';

const MINUTE_MS = 60_000;

/**
 * Who an `eo_live_…` bearer is: the key's organization, scopes and maker, read from the database
 * on every call (no cache), so a revoked key is refused at its next call in every process.
 */
export class ApiKeyAuth {
  constructor(private readonly db: Db) {}

  async authenticate(key: string, now = Date.now()): Promise<Caller | null> {
    const row = await findLiveKey(this.db, hashApiKey(key));
    if (!row) return null;
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= MINUTE_MS) await touchApiKey(this.db, row.id);
    return {
      userId: row.userId,
      // A key has no session: it reaches no `self` route, the only ones that use it.
      sessionId: '',
      email: row.email,
      name: row.userName,
      level: row.level,
      roles: [],
      isAdmin: false,
      organizationId: row.organizationId,
      apiKey: { id: row.id, name: row.name, prefix: row.prefix, scopes: row.scopes as ApiKeyScope[] },
    };
  }
}
