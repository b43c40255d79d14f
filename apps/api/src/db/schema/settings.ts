import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The maintenance status (one row, id 1), served when MAINTENANCE_URL is not set. */
export const maintenance = pgTable('maintenance', {
  id: integer('id').primaryKey(),
  status: text('status').notNull().default('false'),
  subtitle: text('subtitle').notNull().default(''),
  description: text('description').notNull().default(''),
  ending: text('ending').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
