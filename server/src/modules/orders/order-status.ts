import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLines, orders, products } from '../../db/schema/index.js';
import { releaseSlot } from '../slots/time-slots.js';
import { recordOrderEvent } from '../order-events/record.js';

/**
 * Cancels an order: its slot place is given back and managed stock returns, in one transaction.
 * Cancelling twice changes nothing the second time.
 */
export async function cancelOrder(db: DbOrTx, orderId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
    const [order] = await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), ne(orders.status, 'cancelled')))
      .returning();
    if (!order) return false;
    if (order.slotId !== null && order.slotStart) await releaseSlot(tx, order.slotId, order.slotStart);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    for (const line of [...lines].sort((a, b) => (a.variationId ?? a.productId) - (b.variationId ?? b.productId))) {
      await tx
        .update(products)
        .set({
          stockQuantity: sql`${products.stockQuantity} + ${line.quantity}`,
          stockStatus: sql`case when ${products.stockStatus} = 'OUT_OF_STOCK' then 'IN_STOCK' else ${products.stockStatus} end`,
        })
        .where(and(eq(products.id, line.variationId ?? line.productId), eq(products.manageStock, true)));
    }
    await recordOrderEvent(tx, 'order.status-changed', orderId, { previousStatus: before!.status, action: 'cancel' });
    return true;
  });
}
