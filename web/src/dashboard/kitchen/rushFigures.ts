import type { KitchenOrder } from '@bakje/contract';

/** How many coming quarter hours the kitchen's rush figures show (the current one first). */
export const RUSH_QUARTERS = 4;
const QUARTER_MS = 15 * 60_000;

export interface RushQuarter {
  /** Start of the quarter hour (ms). */
  start: number;
  orders: number;
  /** Items to make: the sum of the orders' line quantities. */
  portions: number;
}

/**
 * The load of the coming quarter hours (issue 30, "rush figures"): the orders still to make (waiting or preparing,
 * not test orders) by the quarter hour of their slot's start; an order without a slot counts in the current one,
 * an overdue one too. Quarter hours are whole quarters of the clock (the shop's zones are whole hours or halves).
 */
export function rushQuarters(orders: Iterable<KitchenOrder>, now: number, count = RUSH_QUARTERS): RushQuarter[] {
  const first = Math.floor(now / QUARTER_MS) * QUARTER_MS;
  const quarters: RushQuarter[] = Array.from({ length: count }, (_, i) => ({ start: first + i * QUARTER_MS, orders: 0, portions: 0 }));
  for (const order of orders) {
    if (order.isTestOrder || !(order.status === 'pending' || order.status === 'on-hold' || order.status === 'processing')) continue;
    const at = order.slotStart ? Date.parse(order.slotStart) : now;
    const index = Math.max(0, Math.floor((at - first) / QUARTER_MS));
    const quarter = quarters[index];
    if (!quarter) continue;
    quarter.orders++;
    quarter.portions += order.lines.reduce((sum, line) => sum + line.quantity, 0);
  }
  return quarters;
}
