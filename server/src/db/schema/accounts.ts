import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Address } from './commerce.js';

export const userRoles = ['customer', 'kitchen', 'manager', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/** Customers and staff share one table: one login form, one password policy, one session mechanism. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower case and trimmed; unique. */
    email: text('email').notNull(),
    /** Stored lower case and trimmed; unique. Customers may log in with either. */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<UserRole>().notNull().default('customer'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    billing: jsonb('billing').$type<Partial<Address>>().notNull().default({}),
    shipping: jsonb('shipping').$type<Partial<Address>>().notNull().default({}),
    /** Unset accounts cannot log in (a fired staff member); their sessions are revoked too. */
    active: boolean('active').notNull().default(true),
    /** Staff: the language of the dashboard, kitchen and staff mails ('nl' | 'fr' | 'en'); null follows the shop's. */
    staffLang: text('staff_lang'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_username_key').on(t.username)],
);

/**
 * Server-side login sessions. The cookie holds a 256-bit random id; only its SHA-256 is stored, so a leaked
 * database does not hand out live sessions. Deleting or revoking the row ends the session at once.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Double-submit CSRF token bound to this session. */
    csrfToken: text('csrf_token').notNull(),
    remember: boolean('remember').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Attempts per key (account, address, account and address, ...); shared by every instance (throttle.ts). */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    /** e.g. login:account:user:12, login:address:203.0.113.5, login:pair:user:12|203.0.113.5, reset:account:... */
    key: text('key').notNull(),
    /** Start of the counting: of the fixed window, or of the series of growing delays. */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    /** Until when the counter matters: the end of its window, or of the delay its last attempt started. */
    retryAt: timestamp('retry_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key] }), index('auth_throttle_retry_idx').on(t.retryAt)],
);

/** Password reset keys: 256-bit random, stored as SHA-256, single use, one hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    keyHash: text('key_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** The demo mode's local mailbox: what would have gone out over SMTP when no SMTP server is configured. */
export const localMailbox = pgTable('local_mailbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  from: text('from').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** Wishlist: products a customer keeps for later. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

/** Staff notes on a customer (the dashboard's customer page); deleted with the account. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The staff member who wrote it; null once that account is gone. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('customer_notes_user_idx').on(t.userId)],
);

export type ErasureStatus = 'pending' | 'done';

/**
 * A customer's request to erase their data (docs/decisions/0046-customers-privacy.md). Kept after the erasure as
 * the record of who confirmed it when; it holds ids and dates only, no personal data (the account id no longer
 * leads anywhere once the account is deleted, so it has no foreign key).
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    status: text('status').$type<ErasureStatus>().notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    confirmedBy: integer('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    ordersAnonymised: integer('orders_anonymised').notNull().default(0),
  },
  (t) => [
    uniqueIndex('erasure_requests_pending_key')
      .on(t.userId)
      .where(sql`status = 'pending'`),
  ],
);
