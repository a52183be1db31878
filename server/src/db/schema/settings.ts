import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Shop settings as key/value; each module owns and validates its own keys. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Monotonic version counters (e.g. 'catalog'). Bumped in the same transaction as the change they
 * describe, so every instance can tell whether its cache is still current.
 */
export const versions = pgTable('versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
