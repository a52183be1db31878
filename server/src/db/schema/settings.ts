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

/** Secrets generated on first start and shared by every instance (e.g. the session signing key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
