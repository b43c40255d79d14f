import type { ApiKey, ApiKeyScope, CreateApiKey } from '@eo/contract';
import type { Db } from '../../db/client.js';
import { organizationFor } from '../../lib/access.js';
import { recordAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { newApiKey } from './api-key-secret.js';
import { insertApiKey, liveApiKeys, revokeApiKey } from './api-keys.repository.js';

type Row = Awaited<ReturnType<typeof liveApiKeys>>[number];
const view = (r: Row): ApiKey => ({
  id: r.id, name: r.name, prefix: r.prefix, scopes: r.scopes as ApiKeyScope[], createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

/** The organization's API keys (API.md, Integrations), kept by its owners and admins. */
export class ApiKeysService {
  constructor(private readonly db: Db) {}

  async list(caller: Caller): Promise<ApiKey[]> {
    return (await liveApiKeys(this.db, organizationFor(caller, 'integrations'))).map(view);
  }

  /** Makes a key and answers it, the one time it is ever seen: the database keeps its hash. */
  async create(caller: Caller, input: CreateApiKey): Promise<{ id: string; key: string }> {
    const organizationId = organizationFor(caller, 'integrations');
    const { key, prefix, keyHash } = newApiKey();
    const scopes = [...new Set(input.scopes)];
    const id = await this.db.transaction(async (tx) => {
      const row = await insertApiKey(tx, { organizationId, name: input.name.trim(), prefix, keyHash, scopes, createdBy: caller.userId });
      await recordAudit(tx, caller, { action: 'api_key.created', organizationId, targetType: 'api_key', targetId: row.id, summary: `${row.name} (${prefix}…)`, detail: { scopes } });
      return row.id;
    });
    return { id, key };
  }

  /** Revokes at once: the key's next call is 401. Another organization's key, or one revoked already, is 404. */
  async revoke(caller: Caller, id: string, now = new Date()): Promise<ApiKey & { revokedAt: string }> {
    const organizationId = organizationFor(caller, 'integrations');
    if (!isUuid(id)) throw notFound();
    return this.db.transaction(async (tx) => {
      const row = await revokeApiKey(tx, organizationId, id, now);
      if (!row) throw notFound();
      await recordAudit(tx, caller, { action: 'api_key.revoked', organizationId, targetType: 'api_key', targetId: row.id, summary: `${row.name} (${row.prefix}…)` }, now);
      return { ...view(row), revokedAt: row.revokedAt!.toISOString() };
    });
  }
}
