import { z } from 'zod';
import type { FulfilmentType, OrderStatus } from './orders.js';

export type OrderEventType = 'order.created' | 'order.status-changed' | 'order.marked-test';

/** An order as the kitchen and the dashboard see it: everything needed to prepare and hand it over. */
export interface KitchenOrder {
  id: number;
  pickupNumber: number;
  /** Local day (shop's time zone) the pickup number belongs to, YYYY-MM-DD. */
  pickupDay: string;
  status: OrderStatus;
  isTestOrder: boolean;
  fulfilmentType: FulfilmentType;
  slotStart: string | null;
  slotEnd: string | null;
  createdAt: string;
  updatedAt: string;
  customer: { firstName: string; lastName: string; phone: string; email: string };
  /** Delivery address lines, empty for takeaway and dine-in. */
  address: string[];
  /** 'CASH' for cash on delivery, otherwise 'BETAALD' (docs/product.md, "Tickets"). */
  payment: 'CASH' | 'BETAALD';
  paymentMethod: string;
  total: number;
  notes: string[];
  lines: { name: string; quantity: number; addons: { name: string; value: string }[] }[];
}

/** /api/events/kitchen: the `snapshot` event's data. */
export interface KitchenSnapshot {
  orders: KitchenOrder[];
}

/** /api/events/kitchen: one `order` event's data, sent for every change of an order. */
export interface KitchenOrderEvent {
  type: OrderEventType;
  action: string | null;
  previousStatus: OrderStatus | null;
  order: KitchenOrder;
}

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

/** The answer of the kitchen actions (POST /api/kitchen/orders/...): the ids of the orders changed. */
export interface KitchenActionResult {
  orders: number[];
}

const minutes = z
  .number()
  .int()
  .min(1)
  .max(24 * 60);

/** PUT /api/kitchen/settings: when an order card's age timer turns amber and red (minutes since the order). */
export const kitchenAgeSettingsInput = z.object({ ageAmberMinutes: minutes, ageRedMinutes: minutes }).strict();
export type KitchenAgeSettings = z.infer<typeof kitchenAgeSettingsInput>;

/** GET /api/kitchen/settings: what the kitchen screen needs besides the orders. */
export interface KitchenViewSettings extends KitchenAgeSettings {
  /** How long a ready order stays under "ready" (the status screen's time) before it is archived. */
  readyVisibleSeconds: number;
  timeZone: string;
}
