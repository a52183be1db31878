import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { carts, type CartLine } from '../../db/schema/index.js';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart-service.js';

/**
 * Login: the guest's cart joins the customer's saved cart. Same lines add up (within the line maximum),
 * new lines are appended (within the line count), coupons join, and the guest's fulfilment choice wins
 * because it is the most recent. The guest cart is removed so it cannot be checked out twice.
 * Stock and per-product maxima are checked again at checkout, as for any cart.
 */
export async function mergeGuestCart(db: Db, guestKey: string, customerKey: string, now: Date): Promise<void> {
  if (guestKey === customerKey || !guestKey.startsWith('g_')) return;
  await db.transaction(async (tx) => {
    await tx.insert(carts).values({ sessionKey: customerKey }).onConflictDoNothing();
    const rows = await tx
      .select()
      .from(carts)
      .where(inArray(carts.sessionKey, [guestKey, customerKey]))
      .for('update');
    const guest = rows.find((r) => r.sessionKey === guestKey);
    const mine = rows.find((r) => r.sessionKey === customerKey)!;
    if (!guest) return;
    const lines: CartLine[] = mine.lines.map((l) => ({ ...l }));
    for (const line of guest.lines) {
      const same = lines.find((l) => l.key === line.key);
      if (same) same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + line.quantity);
      else if (lines.length < MAX_CART_LINES) lines.push({ ...line });
    }
    await tx
      .update(carts)
      .set({
        lines,
        couponCodes: [...new Set([...mine.couponCodes, ...guest.couponCodes])],
        shippingMethod: guest.shippingMethod ?? mine.shippingMethod,
        updatedAt: now,
      })
      .where(eq(carts.sessionKey, customerKey));
    await tx.delete(carts).where(eq(carts.sessionKey, guestKey));
  });
}
