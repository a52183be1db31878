import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const apiKeyScopes = ['read', 'write', 'read_write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/**
 * REST API keys (docs/interfaces.md §2). Neither the consumer key nor the secret is stored: the key as a SHA-256
 * hash found through the index on its last 7 characters, the secret as a SHA-256 hash plus the salt
 * from which the server re-derives it (with a pepper kept outside the database) to check OAuth
 * signatures. See docs/decisions/0018-keys-cli.md.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    description: text('description').notNull().default(''),
    scope: text('scope').$type<ApiKeyScope>().notNull(),
    /** Last 7 characters of the consumer key: shown in lists and used to find the row. */
    truncatedKey: text('truncated_key').notNull(),
    keyHash: text('key_hash').notNull(),
    secretHash: text('secret_hash').notNull(),
    secretSalt: text('secret_salt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAccess: timestamp('last_access', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_truncated_key_idx').on(t.truncatedKey)],
);

/** OAuth 1.0a nonces seen in the last 15 minutes, per key: a nonce is accepted once. */
export const apiKeyNonces = pgTable(
  'api_key_nonces',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.nonce] }), index('api_key_nonces_seen_idx').on(t.seenAt)],
);
