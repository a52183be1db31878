import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orders, orderStatuses, type OrderStatus } from '../../db/schema/index.js';
import { cancelOrder } from './order-status.js';
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
export async function updateOrder(db: DbOrTx, orderId: number, change: { status?: OrderStatus; customerNote?: string }, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) return false;
    if (change.status && change.status !== current.status) {
      if (FINAL.has(current.status)) {
        throw new DomainError('ORDER_STATUS_CHANGE_INVALID', `An order with status ${current.status} cannot be changed to ${change.status}.`);
      }
      if (FINAL.has(change.status)) {
        // Refunded and failed orders give their slot place and stock back too.
        await cancelOrder(tx, orderId);
        if (change.status !== 'cancelled') await tx.update(orders).set({ status: change.status, updatedAt: now }).where(eq(orders.id, orderId));
      } else {
        await tx
          .update(orders)
          .set({
            status: change.status,
            updatedAt: now,
            ...(change.status === 'completed' ? { datePaid: sql`coalesce(${orders.datePaid}, ${now})` } : {}),
          })
          .where(eq(orders.id, orderId));
        // The kitchen, the status screen and the customer's page hear of it like of a kitchen action.
        await recordOrderEvent(tx, 'order.status-changed', orderId, { previousStatus: current.status, action: 'manage' });
      }
    }
    if (change.customerNote !== undefined && change.customerNote !== current.customerNote) {
      await tx.update(orders).set({ customerNote: change.customerNote, updatedAt: now }).where(eq(orders.id, orderId));
    }
    return true;
  });
}
