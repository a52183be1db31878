import type { KitchenLaterOrders } from '@bakje/contract';
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { loadKitchenOrders } from '../order-events/kitchen-order.js';
import { addDaysTo, localMoment } from '../shop-time/shop-time.js';

/** How far ahead the kitchen's "Later" tab looks (customers book up to 7 days ahead; a margin for one-off slots). */
export const LATER_DAYS = 14;

/**
 * Pre-orders after the kitchen's live window (which ends 2 days ahead, docs/product.md §7): open orders
 * (waiting or to prepare, not test orders) for pickup days 3 to 14 days ahead in the shop's time zone.
 */
export async function laterKitchenOrders(db: DbOrTx, now: Date, timeZone: string): Promise<KitchenLaterOrders> {
  const today = localMoment(now, timeZone).date;
  const from = addDaysTo(today, 3);
  const to = addDaysTo(today, LATER_DAYS);
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, ['pending', 'on-hold', 'processing']), eq(orders.isTestOrder, false), between(orders.pickupDay, from, to)))
    .orderBy(asc(orders.pickupDay), asc(orders.slotStart), asc(orders.id))
    .limit(500);
  const list = await loadKitchenOrders(
    db,
    rows.map((r) => r.id),
  );
  const position = new Map(rows.map((r, i) => [r.id, i]));
  return { orders: list.sort((a, b) => position.get(a.id)! - position.get(b.id)!), from, to };
}
