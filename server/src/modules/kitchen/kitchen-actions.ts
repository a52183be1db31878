import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orders, type OrderStatus } from '../../db/schema/index.js';
import { recordOrderEvent } from '../order-events/record.js';
import { enqueueReprint } from '../printing/print-jobs.js';
import { DomainError } from '../../errors/domain-error.js';

/**
 * The kitchen's actions on orders (docs/product.md §4), each one transaction that changes the orders and writes their
 * events, so every open kitchen screen, the status display and the customer's page see it at once.
 *
 * State machine:
 *   pending    --send-->     processing   (an order waiting at the counter/for payment goes to the kitchen)
 *   processing --ready-->    completed    ("Klaar")
 *   completed  --recover-->  processing   (back from the archive)
 *   any        --mark test-> same status, hidden from kitchen lists and displays (the "delete" action)
 * Cancelling lives in orders/order-status.ts (it also gives the slot place and stock back).
 */
export type KitchenAction = 'send' | 'ready' | 'recover' | 'test';

const TRANSITIONS: Record<Exclude<KitchenAction, 'test'>, { from: OrderStatus[]; to: OrderStatus }> = {
  send: { from: ['pending', 'on-hold'], to: 'processing' },
  ready: { from: ['processing'], to: 'completed' },
  recover: { from: ['completed'], to: 'processing' },
};

export const MAX_BATCH = 200;

const ACTION_LABEL: Record<KitchenAction, string> = {
  send: 'sent to the kitchen',
  ready: 'marked as ready',
  recover: 'recovered',
  test: 'marked as test order',
};

export class KitchenActions {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  sendOrder(orderId: number) {
    return this.apply('send', [orderId]);
  }

  markReady(orderIds: number[]) {
    return this.apply('ready', orderIds);
  }

  /** Every order the kitchen is preparing (not test orders) becomes ready. */
  async markAllReady(): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'processing'), eq(orders.isTestOrder, false)))
        .orderBy(asc(orders.id))
        .limit(MAX_BATCH)
        .for('update');
      const ids = rows.map((r) => r.id);
      await this.applyIn(tx, 'ready', ids);
      return ids;
    });
  }

  recover(orderId: number) {
    return this.apply('recover', [orderId]);
  }

  markTestOrder(orderId: number) {
    return this.apply('test', [orderId]);
  }

  /**
   * "Print kitchen copy": one more kitchen ticket, as a durable print job (printed by the job runner,
   * once, even across a restart). Any order that exists, whatever its status: staff decide. The order does
   * not change, so no order event. Returns the job's idempotency key (printed on the ticket).
   */
  async printKitchenCopy(orderId: number): Promise<string> {
    if (!Number.isSafeInteger(orderId) || orderId <= 0) throw new DomainError('INVALID_INPUT', 'Order ids must be positive whole numbers.');
    return this.db.transaction(async (tx) => {
      // Shared lock: the order cannot be deleted between this check and the job insert.
      const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('share');
      if (!row) throw new DomainError('ORDER_NOT_FOUND', `Order ${orderId} does not exist.`);
      return enqueueReprint(tx, orderId, 'kitchen');
    });
  }

  /** All or nothing: one order that cannot take the action leaves every order as it was. */
  async apply(action: KitchenAction, orderIds: number[]): Promise<number[]> {
    const ids = [...new Set(orderIds)];
    if (ids.length === 0) throw new DomainError('INVALID_INPUT', 'Choose at least one order.');
    if (ids.length > MAX_BATCH) throw new DomainError('INVALID_INPUT', `At most ${MAX_BATCH} orders at once.`);
    if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) throw new DomainError('INVALID_INPUT', 'Order ids must be positive whole numbers.');
    return this.db.transaction(async (tx) => {
      await this.applyIn(tx, action, ids);
      return ids.sort((a, b) => a - b);
    });
  }

  private async applyIn(tx: Tx, action: KitchenAction, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    // Lock in id order so two batches never wait on each other in a circle.
    const rows = await tx
      .select({ id: orders.id, status: orders.status, isTestOrder: orders.isTestOrder })
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(asc(orders.id))
      .for('update');
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw new DomainError('ORDER_NOT_FOUND', `Order ${missing.join(', ')} does not exist.`);
    const now = this.clock();
    for (const row of rows) {
      if (action === 'test') {
        if (row.isTestOrder) throw new DomainError('ORDER_ACTION_REFUSED', `Order ${row.id} is already marked as test order.`);
        await tx.update(orders).set({ isTestOrder: true, updatedAt: now }).where(eq(orders.id, row.id));
        continue;
      }
      const rule = TRANSITIONS[action];
      if (!rule.from.includes(row.status)) {
        throw new DomainError('ORDER_ACTION_REFUSED', `Order ${row.id} is ${row.status} and cannot be ${ACTION_LABEL[action]}.`);
      }
      await tx.update(orders).set({ status: rule.to, updatedAt: now }).where(eq(orders.id, row.id));
    }
    // Events last, so the event-id lock is held as briefly as possible.
    for (const row of rows) {
      if (action === 'test') await recordOrderEvent(tx, 'order.marked-test', row.id, { action });
      else await recordOrderEvent(tx, 'order.status-changed', row.id, { previousStatus: row.status, action });
    }
  }
}
