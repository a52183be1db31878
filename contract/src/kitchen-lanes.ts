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

/**
 * "Ik kom eraan" (docs/decisions/0082-ik-kom-eraan.md): the customer of a takeaway order says in how many minutes
 * they will be at the counter, one of these.
 */
export const ARRIVAL_MINUTES = [5, 10, 15, 20] as const;
export type ArrivalMinutes = (typeof ARRIVAL_MINUTES)[number];
/** The choice the order page offers first unless the shop chose another (kitchen settings). */
export const DEFAULT_ARRIVAL_MINUTES: ArrivalMinutes = 10;
/** The most characters of the spot a customer waits at ("Ik ben er": "blauwe auto op parking"). */
export const ARRIVAL_SPOT_MAX = 80;

export function isArrivalMinutes(value: unknown): value is ArrivalMinutes {
  return typeof value === 'number' && (ARRIVAL_MINUTES as readonly number[]).includes(value);
}

/**
 * The fire time after "Ik kom eraan": ready when the customer arrives, but never after the latest time the order
 * was promised for (`latestReady`, the slot's end as moved by the kitchen's delay), and never before `now`.
 */
export function arrivalFireTime(input: { arriveAt: Date; prepMinutes: number; latestReady: Date | null; now: Date }): Date {
  const ready = input.latestReady ? Math.min(input.arriveAt.getTime(), input.latestReady.getTime()) : input.arriveAt.getTime();
  return new Date(Math.max(input.now.getTime(), ready - input.prepMinutes * 60_000));
}

/**
 * The fire time of an order that waits for "Ik kom eraan": the latest that still makes its slot (its end minus
 * the preparation time; its start without an end), never before it was placed. Without a slot: when placed.
 */
export function latestFireTime(order: { slotStart: Date | null; slotEnd: Date | null; placedAt: Date; prepMinutes: number }): Date {
  const last = order.slotEnd ?? order.slotStart;
  if (!last) return order.placedAt;
  return new Date(Math.max(order.placedAt.getTime(), last.getTime() - order.prepMinutes * 60_000));
}
