import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { couponUsages, coupons, orderLines } from '../../db/schema/index.js';
import { refundOrderGiftCards } from '../gift-cards/gift-cards.js';
import { releaseSlotBooking, type BookedOrder } from '../slots/time-slots.js';
import { giveBackStock } from '../stock/stock.js';

/**
 * Gives back what placing the order took, once, when it ends (cancelled, refunded or failed): managed stock,
 * its slot place, what gift cards paid, and its coupon use (the use counts against the coupon's limits only
 * while the order lives; docs/decisions/0060-order-lifecycle.md). Products before the slot, as the checkout
 * takes them (modules/stock): no waiting in a circle.
 */
export async function releaseOrder(tx: Tx, orderId: number, order: BookedOrder, now: Date): Promise<void> {
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
  await refundOrderGiftCards(tx, orderId, now);
  await releaseCouponUse(tx, orderId);
}

/** The order's coupon use no longer counts: its usage record goes and each coupon's count comes down by one. */
async function releaseCouponUse(tx: Tx, orderId: number): Promise<void> {
  const released = await tx.delete(couponUsages).where(eq(couponUsages.orderId, orderId)).returning({ couponId: couponUsages.couponId });
  if (released.length === 0) return;
  await tx
    .update(coupons)
    .set({ usageCount: sql`${coupons.usageCount} - 1` })
    .where(
      and(
        inArray(
          coupons.id,
          released.map((r) => r.couponId),
        ),
        gt(coupons.usageCount, 0),
      ),
    );
}
