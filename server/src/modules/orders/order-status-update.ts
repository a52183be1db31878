import { issuePurchasedGiftCards } from '../gift-cards/gift-cards.js';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orders, orderStatuses, type Address, type OrderStatus } from '../../db/schema/index.js';
import { cancelOrder, type EndStatus } from './order-status.js';
import { DomainError } from '../../errors/domain-error.js';
import { recordOrderEvent } from '../order-events/record.js';

export { orderStatuses, type OrderStatus };

/** Statuses whose slot place and stock were given back: leaving them would need both taken again. */
const FINAL: ReadonlySet<OrderStatus> = new Set(['cancelled', 'refunded', 'failed']);

/**
 * Changes an order's status and/or customer note for the back office and REST integrations. Cancelling
 * goes through cancelOrder so the slot and stock come back; a final order cannot be revived. Returns
 * false when the order does not exist.
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
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) return false;
    if (change.status && change.status !== current.status) {
      if (FINAL.has(current.status)) {
        throw new DomainError('ORDER_STATUS_CHANGE_INVALID', `An order with status ${current.status} cannot be changed to ${change.status}.`);
      }
      if (FINAL.has(change.status)) {
        // Refunded and failed orders give their slot place and stock back too.
        await cancelOrder(tx, orderId, undefined, change.status as EndStatus);
      } else {
        await tx
          .update(orders)
          .set({
            status: change.status,
            updatedAt: now,
            ...(change.status === 'completed' ? { datePaid: sql`coalesce(${orders.datePaid}, ${now})` } : {}),
          })
          .where(eq(orders.id, orderId));
        // A completed cash order is paid: the gift cards it bought are issued and mailed now (once).
        if (change.status === 'completed') await issuePurchasedGiftCards(tx, orderId, now);
        // The kitchen, the status screen and the customer's page hear of it like of a kitchen action.
        await recordOrderEvent(tx, 'order.status-changed', orderId, { previousStatus: current.status, action: 'manage' });
      }
    }
    const details: Partial<typeof orders.$inferInsert> = {};
    if (change.customerNote !== undefined && change.customerNote !== current.customerNote) details.customerNote = change.customerNote;
    if (change.billing) details.billing = { ...current.billing, ...change.billing };
    if (change.shipping) details.shipping = { ...current.shipping, ...change.shipping };
    if (change.metaData?.length) {
      const meta = new Map(current.metaData.map((m) => [m.key, m.value]));
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
      const [after] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      await recordOrderEvent(tx, 'order.status-changed', orderId, { previousStatus: after!.status, action: 'edit' });
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
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) return undefined;
    if (force) {
      if (!current.isTestOrder && !FINAL.has(current.status)) {
        throw new DomainError('ORDER_ACTION_REFUSED', `Order ${orderId} is ${current.status}: cancel it or delete it without force (trash) first.`);
      }
      await tx.delete(orders).where(eq(orders.id, orderId));
      return current;
    }
    if (!FINAL.has(current.status)) await cancelOrder(tx, orderId, 'deleted through the store API');
    if (!current.isTestOrder) {
      await tx.update(orders).set({ isTestOrder: true, updatedAt: now }).where(eq(orders.id, orderId));
      await recordOrderEvent(tx, 'order.marked-test', orderId, { action: 'trash' });
    }
    return current;
  });
}
