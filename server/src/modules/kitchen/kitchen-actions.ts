import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import type { OrderMailContext } from '../mail/order-facts.js';
import { moveOrder, type OrderMove } from '../orders/lifecycle.js';
import { enqueueReprint } from '../printing/print-jobs.js';
import { DomainError } from '../../errors/domain-error.js';

/**
 * The kitchen's actions on orders (docs/product.md §4), each one transaction that moves the orders through the
 * lifecycle (modules/orders/lifecycle.ts: send, ready, recover, mark test) and so writes their events, so every
 * open kitchen screen, the status display and the customer's page see it at once.
 */
export type KitchenAction = 'send' | 'ready' | 'recover' | 'test';

const MOVES: Record<KitchenAction, OrderMove> = {
  send: { kind: 'send' },
  ready: { kind: 'ready' },
  recover: { kind: 'recover' },
  test: { kind: 'mark-test', action: 'test' },
};

export const MAX_BATCH = 200;

export class KitchenActions {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
    /** What the update mail of a delay needs (site address, time zone, the shop's address). */
    private readonly mail: OrderMailContext = { siteUrl: '', timeZone: 'Europe/Brussels', shopAddress: () => '' },
  ) {}

  /**
   * "Later": the order will be `minutes` later than promised (the kitchen is busy). Through the lifecycle's
   * 'delay' move, which queues one update mail for the customer in the same transaction
   * (docs/decisions/0081-confirmation-when-and-where.md). Refused for an order that is ready, ended or has no time.
   */
  async delay(orderId: number, minutes: number): Promise<number[]> {
    if (!Number.isSafeInteger(orderId) || orderId <= 0) throw new DomainError('INVALID_INPUT', 'Order ids must be positive whole numbers.');
    return this.db.transaction(async (tx) => {
      const moved = await moveOrder(tx, orderId, { kind: 'delay', minutes, mail: this.mail }, { now: this.clock() });
      if (!moved) throw new DomainError('ORDER_NOT_FOUND', `Order ${orderId} does not exist.`);
      return [orderId];
    });
  }

  sendOrder(orderId: number) {
    return this.apply('send', [orderId]);
  }

  markReady(orderIds: number[]) {
    return this.apply('ready', orderIds);
  }

  /**
   * "Selectie klaar": the selected orders become ready, all or nothing. Only orders that have fired (contract
   * hasFired, by the kitchen's clock): an order still to fire in the selection refuses the whole batch, so a stale
   * screen cannot mark it ready (docs/decisions/0066-kitchen-bulk-actions-undo.md, 0068-fire-times.md).
   */
  async markSelectionReady(orderIds: number[]): Promise<number[]> {
    return this.apply('ready', orderIds, async (tx, ids) => {
      const later = await tx
        .select({ pickupNumber: orders.pickupNumber })
        .from(orders)
        .where(and(inArray(orders.id, ids), gt(orders.fireAt, this.clock())))
        .orderBy(asc(orders.id));
      if (later.length)
        throw new DomainError(
          'ORDER_ACTION_REFUSED',
          `Order ${later.map((r) => r.pickupNumber).join(', ')} is for later (not fired yet) and cannot be marked as ready with others.`,
        );
    });
  }

  /**
   * "Alles klaar": every order the kitchen is preparing now (not test orders, not orders still to fire) becomes
   * ready. Returns their ids, for the undo.
   */
  async markAllReady(): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'processing'), eq(orders.isTestOrder, false), or(isNull(orders.fireAt), lte(orders.fireAt, this.clock()))))
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

  /** The undo of a bulk ready: exactly these orders back to preparing, all or nothing (each must still be ready). */
  recoverAll(orderIds: number[]) {
    return this.apply('recover', orderIds);
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
  async apply(action: KitchenAction, orderIds: number[], check?: (tx: Tx, ids: number[]) => Promise<void>): Promise<number[]> {
    const ids = [...new Set(orderIds)];
    if (ids.length === 0) throw new DomainError('INVALID_INPUT', 'Choose at least one order.');
    if (ids.length > MAX_BATCH) throw new DomainError('INVALID_INPUT', `At most ${MAX_BATCH} orders at once.`);
    if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) throw new DomainError('INVALID_INPUT', 'Order ids must be positive whole numbers.');
    return this.db.transaction(async (tx) => {
      await check?.(tx, ids);
      await this.applyIn(tx, action, ids);
      return ids.sort((a, b) => a - b);
    });
  }

  private async applyIn(tx: Tx, action: KitchenAction, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    // Lock in id order so two batches never wait on each other in a circle.
    const rows = await tx.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id)).for('update');
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw new DomainError('ORDER_NOT_FOUND', `Order ${missing.join(', ')} does not exist.`);
    const now = this.clock();
    // Every row is locked above already, in id order: the moves below never wait on another batch.
    for (const row of rows) await moveOrder(tx, row.id, MOVES[action], { now });
  }
}
