import { sql } from 'drizzle-orm';
import { API_KEY_SCOPES } from '@eo/contract';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

/**
 * An organization's API key (API.md, Integrations). The secret is never stored: `key_hash` is the
 * SHA-256 of the whole key, looked up by its unique index on every call; `prefix` is the start of
 * the key, shown in the list. A revoked key keeps its row (the audit log names it).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes', { enum: API_KEY_SCOPES }).array().notNull(),
    /** The member who made it: the audit log's actor of what the key does. */
    createdBy: uuid('created_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept to the minute: written at most once a minute per key. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_hash_uq').on(t.keyHash),
    index('api_keys_organization_idx').on(t.organizationId, t.createdAt),
    check('api_keys_scopes_ck', sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array['events.read', 'participants.read', 'checkins.write', 'webhooks.manage']::text[]`),
  ],
);
