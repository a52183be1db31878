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

export type ShopImportStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * An import from a running WooCommerce shop (modules/menu-transfer/shop-import.ts). The key and secret are kept only
 * until it ends; the counts move on as it goes, so a stopped import resumes where it was.
 */
export const shopImports = pgTable('shop_imports', {
  id: text('id').primaryKey(),
  sourceUrl: text('source_url').notNull(),
  consumerKey: text('consumer_key'),
  consumerSecret: text('consumer_secret'),
  status: text('status').$type<ShopImportStatus>().notNull().default('queued'),
  counts: jsonb('counts').notNull().default({}),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/** What an import made of each thing of a source shop: a second run updates these instead of adding copies. */
export const importLinks = pgTable(
  'import_links',
  {
    source: text('source').notNull(),
    entity: text('entity').notNull(),
    sourceId: integer('source_id').notNull(),
    localId: integer('local_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.entity, t.sourceId] })],
);
