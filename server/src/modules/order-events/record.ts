import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderEvents, orders, pickupCounters, versions, type OrderStatus } from '../../db/schema/index.js';
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

/**
 * The checkout's last statement: numbers the new order (the day's pickup counter: 1, 2, 3 ... without gaps)
 * and writes its `order.created` event (the event counter) in one round trip. Both counter rows are locked
 * until commit and every checkout of the day needs them, so they are taken as late and as briefly as
 * possible; the caller passes the order as it just wrote it, so nothing is read while they are locked.
 */
export async function numberOrderAndRecordCreation(tx: DbOrTx, order: KitchenOrder, day: string): Promise<number> {
  const orderId = order.id;
  const payload: OrderEventPayload = { order };
  const type: OrderEventType = 'order.created';
  const result = (await tx.execute(sql`
    with counter as (
      insert into ${pickupCounters} (day, last_number) values (${day}, 1)
      on conflict (day) do update set last_number = ${pickupCounters}.last_number + 1
      returning last_number
    ), numbered as (
      update ${orders} set pickup_number = counter.last_number from counter
      where ${orders}.id = ${orderId}
      returning counter.last_number as pickup_number
    ), event_id as (
      update ${versions} set version = ${versions}.version + 1
      where ${versions}.name = 'order_events'
      returning ${versions}.version as id
    )
    insert into ${orderEvents} (id, type, order_id, payload)
    select event_id.id, ${type}, ${orderId}, jsonb_set(${JSON.stringify(payload)}::jsonb, '{order,pickupNumber}', to_jsonb(numbered.pickup_number))
    from event_id, numbered
    returning (payload #>> '{order,pickupNumber}')::int as pickup_number`)) as unknown as { rows: Array<{ pickup_number: number }> };
  const assigned = result.rows[0]?.pickup_number;
  if (assigned === undefined) throw new Error(`checkout: order ${orderId} got no pickup number or event (is the order_events counter row missing?)`);
  return Number(assigned);
}
