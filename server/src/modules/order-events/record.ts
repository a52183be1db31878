import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderEvents, versions, type OrderStatus } from '../../db/schema/index.js';
import { loadKitchenOrder, type KitchenOrder } from './kitchen-order.js';

export const ORDER_EVENTS_CHANNEL = 'bakje_order_events';

export const orderEventTypes = ['order.created', 'order.status-changed', 'order.marked-test'] as const;
export type OrderEventType = (typeof orderEventTypes)[number];

export interface OrderEventPayload {
  /** The order as it is after the change (full: the kitchen scope may see everything). */
  order: KitchenOrder;
  previousStatus?: OrderStatus;
  /** The kitchen action that caused it, when one did ('send', 'ready', 'recover', 'cancel', ...). */
  action?: string;
  /** Why staff cancelled it (cancel with a reason). */
  reason?: string;
}

export interface OrderEvent {
  id: number;
  type: OrderEventType;
  orderId: number;
  payload: OrderEventPayload;
  createdAt: Date;
}

/**
 * Writes an event for an order inside the caller's transaction, after the change it describes. The id
 * comes from a counter row whose lock is held until commit: events become visible strictly in id order,
 * which is what lets readers resume from "the last id I saw". Call it last in the transaction, to hold
 * that lock for as short a time as possible.
 */
export async function recordOrderEvent(tx: DbOrTx, type: OrderEventType, orderId: number, extra: Omit<OrderEventPayload, 'order'> = {}): Promise<OrderEvent> {
  const order = await loadKitchenOrder(tx, orderId);
  if (!order) throw new Error(`order ${orderId} does not exist`);
  const [counter] = await tx
    .update(versions)
    .set({ version: sql`${versions.version} + 1` })
    .where(eq(versions.name, 'order_events'))
    .returning({ version: versions.version });
  if (!counter) throw new Error('the order_events counter row is missing (migration 0004)');
  const payload: OrderEventPayload = { order, ...extra };
  const [row] = await tx.insert(orderEvents).values({ id: counter.version, type, orderId, payload }).returning();
  return row as OrderEvent;
}
