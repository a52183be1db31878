import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema/index.js';
import type { OrderWithLines } from './order-read.js';

const HISTORY_LIMIT = 100;

/** A customer's own orders with their lines, newest first (at most 100: the account page's list). */
export async function customerOrders(db: DbOrTx, customerId: number): Promise<OrderWithLines[]> {
  const rows = await db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(HISTORY_LIMIT);
  if (!rows.length) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((o) => ({ ...o, lines: lines.filter((l) => l.orderId === o.id).sort((a, b) => a.position - b.position) }));
}

/** WooCommerce's isPayingCustomer: the customer has an order that is being prepared or done. */
export async function isPayingCustomer(db: DbOrTx, customerId: number): Promise<boolean> {
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), inArray(orders.status, ['processing', 'completed'])))
    .limit(1);
  return Boolean(paid);
}

/** The order a guest placed while creating an account at checkout now belongs to that account. */
export async function assignOrderToCustomer(db: DbOrTx, orderId: number, customerId: number): Promise<void> {
  await db.update(orders).set({ customerId }).where(eq(orders.id, orderId));
}
