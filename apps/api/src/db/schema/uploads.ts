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
  },
  (t) => [index('uploads_org_idx').on(t.organizationId)],
);
