// Tables the platform itself needs, independent of any capability.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per dataset load, so a restart can tell whether the embedded database is already seeded. */
export const seedRun = pgTable('seed_run', {
  dataset: text('dataset').primaryKey(),
  scale: text('scale').notNull(),
  seed: integer('seed').notNull(),
  contentHash: text('content_hash'),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
});
