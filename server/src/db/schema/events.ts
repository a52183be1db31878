import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The order event log: one row per change to an order, written in the transaction that makes the change.
 * Ids are handed out from the 'order_events' row of `versions` under its row lock, so they are committed
 * in id order and a reader that remembers the last id it saw never skips one (docs/decisions).
 * A trigger sends NOTIFY bakje_order_events with the id; every instance then reads the new rows.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    orderId: integer('order_id').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);
