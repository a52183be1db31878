import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { categories, products } from './catalog.js';
import { orders } from './commerce.js';

/**
 * Kitchen stations (docs/decisions/0069-kitchen-stations.md): a station prepares the lines of the categories and
 * products assigned to it. A category or product belongs to at most one station (its primary key); a product's
 * own row wins over its categories'.
 */
export const stations = pgTable('stations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Its own kitchen ticket's printer (PrintNode id or host:port); empty: no ticket of its own. */
  printer: text('printer').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const stationCategories = pgTable(
  'station_categories',
  {
    categoryId: integer('category_id')
      .primaryKey()
      .references(() => categories.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
  },
  (t) => [index('station_categories_station_idx').on(t.stationId)],
);

export const stationProducts = pgTable(
  'station_products',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
  },
  (t) => [index('station_products_station_idx').on(t.stationId)],
);

/** A station's part of an order is done ("bumped"); the order is ready when every station in it bumped. */
export const stationBumps = pgTable(
  'station_bumps',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    bumpedAt: timestamp('bumped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.stationId] })],
);
