import { refundOrderGiftCards } from '../gift-cards/gift-cards.js';
import { and, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema/index.js';
import { giveBackStock } from '../stock/stock.js';
import { releaseSlotBooking } from '../slots/time-slots.js';
import { recordOrderEvent } from '../order-events/record.js';

/** The statuses that end an order and give back its slot place and stock. */
export type EndStatus = 'cancelled' | 'refunded' | 'failed';
const END_STATUSES: EndStatus[] = ['cancelled', 'refunded', 'failed'];

/**
 * Ends an order (cancelled, or refunded or failed): its slot place is given back and managed stock returns, in one
 * transaction, and the history records the status it ends in. Ending an ended order changes nothing.
 */
export async function cancelOrder(db: DbOrTx, orderId: number, reason?: string, endStatus: EndStatus = 'cancelled'): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
    const [order] = await tx
      .update(orders)
      .set({ status: endStatus, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), notInArray(orders.status, END_STATUSES)))
      .returning();
    if (!order) return false;
    // Products before the slot, as the checkout takes them (modules/stock): no waiting in a circle.
    const lines = await tx
      .select({ productId: orderLines.productId, variationId: orderLines.variationId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    await giveBackStock(
      tx,
      lines.map((line) => ({ productId: line.variationId ?? line.productId, quantity: line.quantity })),
    );
    await releaseSlotBooking(tx, order);
    // What gift cards paid goes back on them (a recorded movement each).
    await refundOrderGiftCards(tx, orderId, new Date());
    await recordOrderEvent(tx, 'order.status-changed', orderId, {
      previousStatus: before!.status,
      action: 'cancel',
      ...(reason ? { reason } : {}),
    });
    return true;
  });
}
