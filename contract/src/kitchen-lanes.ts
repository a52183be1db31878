// No zod here: the web imports this at run time (@bakje/contract/kitchen-lanes).

/**
 * The kitchen's "now" lane: orders without a slot or whose slot starts at most this many minutes from now. "Alles
 * klaar" and "Selectie klaar" act only on these, so a pre-order for a later slot is never marked ready in bulk
 * (docs/decisions/0066-kitchen-bulk-actions-undo.md; fire times will replace this cut-off).
 */
export const KITCHEN_NOW_MINUTES = 30;

/** Whether an order is in the kitchen's "now" lane at `now` (ms): the rule the server applies to bulk actions. */
export function inKitchenNow(order: { slotStart: string | null }, now: number): boolean {
  return order.slotStart === null || Date.parse(order.slotStart) <= now + KITCHEN_NOW_MINUTES * 60_000;
}
