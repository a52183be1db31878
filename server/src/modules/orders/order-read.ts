import { asc, eq } from 'drizzle-orm';
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
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const allowed =
    viewer.staff === true ||
    (viewer.orderKey ? sameKey(viewer.orderKey.trim(), order.orderKey) : false) ||
    (viewer.sessionKey !== undefined && order.sessionKey === viewer.sessionKey) ||
    (viewer.customerId !== undefined && viewer.customerId !== null && order.customerId === viewer.customerId);
  if (!allowed) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position));
  return { ...order, lines };
}

export function kitchenNotes(note: string): string[] {
  return note
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
}
