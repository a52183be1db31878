import { and, eq } from 'drizzle-orm';
import type { PaymentState } from '@bakje/contract';
import type { Db } from '../../db/client.js';
import { orders, payments, settings } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { moveOrder } from '../orders/lifecycle.js';
import { sameKey } from '../orders/order-key.js';
import { ORDER_NOT_FOUND, type OrderRow } from '../orders/order-read.js';
import { enqueuePaymentLookup } from './payment-jobs.js';
import { PAYMENT_SURCHARGES_KEY } from './payment-surcharges.js';
import type { PaymentsService } from './payments-service.js';
import { failPendingPayments } from './pending-payments.js';

/** The customer's side of a card payment, by order id and order key (the confirmation page). */

export async function orderByKey(db: Db, idParam: string, key: string): Promise<OrderRow> {
  const id = Number(idParam);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new DomainError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order || !sameKey(order.orderKey, key)) throw new DomainError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  return order;
}

export async function paymentState(db: Db, service: PaymentsService, orderId: number): Promise<PaymentState> {
  const [order] = await db
    .select({ status: orders.status, datePaid: orders.datePaid, paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.id, orderId));
  const payment = await service.paymentOf(db, orderId);
  return {
    orderId,
    orderStatus: order!.status,
    paid: order!.datePaid !== null,
    paymentMethod: order!.paymentMethod,
    payment: payment ? { status: payment.status, gateway: payment.gateway } : null,
  };
}

/**
 * The page asks while the payment is pending: each of its open payments is looked up at the provider (a
 * job, at most once per `bucket`), so a customer back before the notification does not wait for it.
 */
export async function lookUpOpenPayments(db: Db, orderId: number, bucket: string): Promise<void> {
  const open = await db
    .select({ provider: payments.provider, providerOrderId: payments.providerOrderId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
  // Each payment at its own provider (a Stripe order's intent at Stripe).
  for (const { provider, providerOrderId } of open) {
    await enqueuePaymentLookup(db, { provider, providerOrderId }, `return:${providerOrderId}:${bucket}`);
  }
}

/**
 * Pay cash instead: the order goes to the kitchen as a cash order (event with its alert, tickets). Money
 * that came in meanwhile is looked at first; a payment that completes later goes to review.
 */
export async function switchToCash(db: Db, services: PaymentsService[], orderId: number, now: Date): Promise<PaymentState> {
  const open = await db
    .select({ provider: payments.provider, providerOrderId: payments.providerOrderId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
  for (const p of open)
    await services
      .find((s) => s.provider.id === p.provider)
      ?.refresh(p.providerOrderId)
      .catch(() => undefined);
  const service = services[0]!;
  const switched = await db.transaction(async (tx) => {
    // Paid cash: the card's transaction cost gives way to cash's (docs/decisions/0048-transaction-cost.md).
    const surcharges = await tx.select().from(settings).where(eq(settings.key, PAYMENT_SURCHARGES_KEY));
    const outcome = await moveOrder(
      tx,
      orderId,
      { kind: 'pay-cash', surcharges: new Map(surcharges.map((r) => [r.key, r.value])) },
      {
        now,
        ifAllowed: true,
        alongside: (t) => failPendingPayments(t, orderId, now),
      },
    );
    return outcome?.moved ?? false;
  });
  const state = await paymentState(db, service, orderId);
  if (!switched && !state.paid) throw new DomainError('ORDER_ACTION_REFUSED', 'This order no longer waits for a payment.');
  return state;
}
