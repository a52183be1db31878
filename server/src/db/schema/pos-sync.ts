import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export type PosEntityType = 'product' | 'category';

/**
 * The last point-of-sale sync of each product and category (modules/pos-sync), for the dashboard: when it last
 * reached the point of sale, and the error of the last failed attempt (cleared by the next success). The link
 * itself is the entity's own cloudpos id column.
 */
export const posSyncStatus = pgTable(
  'pos_sync_status',
  {
    entityType: text('entity_type').$type<PosEntityType>().notNull(),
    entityId: integer('entity_id').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    /** How the last successful sync found its counterpart: updated, linked by name, inserted. */
    outcome: text('outcome'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.entityType, t.entityId] })],
);
