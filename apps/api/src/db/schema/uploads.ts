import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.js';
import { users } from './users.js';

/** Every stored file, with who uploaded it (private files are served to their owner only). */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').notNull().references(() => organizations.id),
    /** The member who uploaded it. */
    ownerId: uuid('owner_id').notNull().references(() => users.id),
    docType: text('doc_type').notNull(),
    /** Relative to the files folder: `2026/11/<uuid>.png`. */
    path: text('path').notNull(),
    contentType: text('content_type').notNull(),
    originalName: text('original_name'),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * An answer file from the public pages: the event it was sent for, who sent it (a keyed
     * hash of their address, its key changing each WIB day: no address is stored), and when a
     * registration named it. The bytes not yet named are capped per sender and per event.
     */
    eventId: uuid('event_id'),
    senderKey: text('sender_key'),
    namedAt: timestamp('named_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_org_idx').on(t.organizationId),
    index('uploads_unnamed_by_sender_idx').on(t.senderKey, t.createdAt).where(sql`${t.namedAt} is null and ${t.senderKey} is not null`),
    index('uploads_unnamed_by_event_idx').on(t.eventId, t.createdAt).where(sql`${t.namedAt} is null and ${t.eventId} is not null`),
  ],
);
