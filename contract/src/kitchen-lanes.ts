// No zod here: the web imports this at run time (@bakje/contract/kitchen-lanes).

/**
 * Fire times (docs/decisions/0068-fire-times.md): every order carries `fireAt`, when the kitchen should start it so
 * it is ready at its slot (slot start minus the order's preparation time; an "as soon as possible", kiosk or
 * counter order fires when it is placed). Before it the order waits in the kitchen's "Later" lane and stays off
 * the public status screen; "Alles klaar" and "Selectie klaar" act only on fired orders. The server (bulk
 * actions, with its clock) and every screen (lanes, status screen, with the screen's clock) use this one rule.
 */

/** The preparation time of a product whose category has none set: fries and snacks take about 8 minutes. */
export const DEFAULT_PREP_MINUTES = 8;
/** The most a preparation time may be (a whole afternoon would be a typing error). */
export const MAX_PREP_MINUTES = 240;

/** Whether the order has fired at `now` (ms). `fireAt` null: an order from before fire times, fired. */
export function hasFired(order: { fireAt: string | null }, now: number): boolean {
  return order.fireAt === null || Date.parse(order.fireAt) <= now;
}

/** Milliseconds until the first of these orders fires, or undefined when none is still to fire. */
export function nextFire(orders: Iterable<{ fireAt: string | null }>, now: number): number | undefined {
  let soonest: number | undefined;
  for (const order of orders) {
    if (order.fireAt === null) continue;
    const wait = Date.parse(order.fireAt) - now;
    if (wait > 0 && (soonest === undefined || wait < soonest)) soonest = wait;
  }
  return soonest;
}

/**
 * An order's fire time: an order for now (`asap`) or without a slot fires when placed; otherwise at its slot's
 * start minus its preparation time, never before it was placed.
 */
export function fireTimeOf(order: { asap: boolean; slotStart: Date | null; placedAt: Date; prepMinutes: number }): Date {
  if (order.asap || !order.slotStart) return order.placedAt;
  return new Date(Math.max(order.placedAt.getTime(), order.slotStart.getTime() - order.prepMinutes * 60_000));
}
