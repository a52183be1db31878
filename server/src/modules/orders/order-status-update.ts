import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orders, orderStatuses, type Address, type OrderStatus } from '../../db/schema/index.js';
import { recordOrderEvent } from '../order-events/record.js';
import { END_STATUSES, moveOrder } from './lifecycle.js';

export { orderStatuses, type OrderStatus };

/**
 * Changes an order's status and/or customer note for the back office and REST integrations. The status
 * goes through the lifecycle (an end status gives the slot and stock back; an ended order cannot be
 * revived). Returns false when the order does not exist.
 */
export interface OrderChange {
  status?: OrderStatus;
  customerNote?: string;
  /** Fields given replace the stored ones; others stay. */
  billing?: Partial<Address>;
  shipping?: Partial<Address>;
  /** Upserted by key; a key with value null is removed. */
  metaData?: { key: string; value: string | null }[];
}

export async function updateOrder(db: DbOrTx, orderId: number, change: OrderChange, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!exists) return false;
    if (change.status) await moveOrder(tx, orderId, { kind: 'set-status', status: change.status }, { now });
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId));
    const details: Partial<typeof orders.$inferInsert> = {};
    if (change.customerNote !== undefined && change.customerNote !== current!.customerNote) details.customerNote = change.customerNote;
    if (change.billing) details.billing = { ...current!.billing, ...change.billing };
    if (change.shipping) details.shipping = { ...current!.shipping, ...change.shipping };
    if (change.metaData?.length) {
      const meta = new Map(current!.metaData.map((m) => [m.key, m.value]));
      for (const { key, value } of change.metaData) {
        if (value === null) meta.delete(key);
        else meta.set(key, value);
      }
      details.metaData = [...meta].map(([key, value]) => ({ key, value }));
    }
    if (Object.keys(details).length) {
      await tx
        .update(orders)
        .set({ ...details, updatedAt: now })
        .where(eq(orders.id, orderId));
      // The kitchen shows the note and the address: its screens get the order as it is now.
      await recordOrderEvent(tx, 'order.status-changed', orderId, { previousStatus: current!.status, action: 'edit' });
    }
    return true;
  });
}

/**
 * WooCommerce's DELETE /orders/{id}. Without force the order goes to the "trash": cancelled (its slot place
 * and stock back) and marked as test order, so it leaves the kitchen, the displays and the figures but is
 * kept. With force it is deleted for good, which Bakje allows only for an order already in that state
 * (cancelled, refunded, failed or a test order): a live order is never lost by one call.
 * Returns the order as it was before, or undefined when it does not exist.
 */
export async function deleteOrder(db: DbOrTx, orderId: number, force: boolean, now: Date): Promise<typeof orders.$inferSelect | undefined> {
  return db.transaction(async (tx) => {
    if (force) return (await moveOrder(tx, orderId, { kind: 'purge' }, { now }))?.before;
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) return undefined;
    if (!END_STATUSES.has(current.status)) await moveOrder(tx, orderId, { kind: 'cancel', reason: 'deleted through the store API' }, { now });
    if (!current.isTestOrder) await moveOrder(tx, orderId, { kind: 'mark-test', action: 'trash' }, { now });
    return current;
  });
}
