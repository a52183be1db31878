import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema/index.js';
import { sameKey } from './order-key.js';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export interface OrderWithLines extends OrderRow {
  lines: OrderLineRow[];
}

export const ORDER_NOT_FOUND = 'We could not find your order';

/**
 * An order for whoever may see it: the session or customer that placed it, or anyone holding its key.
 * Anyone else gets nothing, exactly as for an order that does not exist.
 */
export async function readOrderFor(
  db: DbOrTx,
  orderId: number,
  viewer: { sessionKey?: string; customerId?: number | null; orderKey?: string | null; staff?: boolean },
): Promise<OrderWithLines | null> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return null;
  const [found] = await db.select({ order: orders, lines: linesOfOrder }).from(orders).where(eq(orders.id, orderId));
  if (!found) return null;
  const { order, lines } = found;
  const allowed =
    viewer.staff === true ||
    (viewer.orderKey ? sameKey(viewer.orderKey.trim(), order.orderKey) : false) ||
    (viewer.sessionKey !== undefined && order.sessionKey === viewer.sessionKey) ||
    (viewer.customerId !== undefined && viewer.customerId !== null && order.customerId === viewer.customerId);
  if (!allowed) return null;
  return { ...order, lines };
}

/** Several orders with their lines in one round trip, for staff work (printing a batch of tickets). */
export async function readOrdersForStaff(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, OrderWithLines>> {
  const ids = [...new Set(orderIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ order: orders, lines: linesOfOrder }).from(orders).where(inArray(orders.id, ids));
  return new Map(rows.map(({ order, lines }) => [order.id, { ...order, lines }]));
}

/**
 * The order's lines as one JSON array column, so an order and its lines take one round trip. Every
 * order_lines column is an integer, text or jsonb, so JSON carries each value exactly; the keys are the
 * schema's property names, so the rows look like drizzle's own. The outer order is named as `"orders".id`:
 * drizzle writes a column in a select list unqualified, which inside this subquery would mean the line's id.
 */
const linesOfOrder = (() => {
  const fields = Object.entries(getTableColumns(orderLines)).map(([key, column]) => sql`${key}::text, l.${sql.identifier(column.name)}`);
  return sql<OrderLineRow[]>`coalesce((select json_agg(json_build_object(${sql.join(fields, sql`, `)}) order by l.position) from ${orderLines} l where l.order_id = ${orders}.id), '[]'::json)`;
})();

export function kitchenNotes(note: string): string[] {
  return note
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
}
