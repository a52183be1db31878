import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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

export type MenuImportStatus = 'preview' | 'applying' | 'done' | 'failed';

/**
 * A menu file read and checked (modules/menu-transfer): its planned writes wait here until the owner confirms,
 * then one job applies them all or none.
 */
export const menuImports = pgTable('menu_imports', {
  id: text('id').primaryKey(),
  fileName: text('file_name').notNull().default(''),
  status: text('status').$type<MenuImportStatus>().notNull().default('preview'),
  /** users.id of who read it in; no foreign key, the record outlives the account. */
  createdBy: integer('created_by'),
  total: integer('total').notNull().default(0),
  planned: jsonb('planned').notNull(),
  problems: jsonb('problems').notNull(),
  /** After applying: how many products, variations and categories were created and updated; or the error. */
  result: jsonb('result'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
