import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/**
 * When each account last logged in, kept apart from `auth_sessions` (housekeeping deletes ended sessions
 * a day later). Filled by a trigger on every new session (migration `last_login_trigger`), so the login
 * code needs no change and every way of creating a session counts.
 */
export const userLastLogins = pgTable('user_last_logins', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull(),
});
