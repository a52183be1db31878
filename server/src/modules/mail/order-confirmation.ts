import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema/index.js';
import { centsToDecimal } from '../catalog/money.js';
import type { AfterOrder } from '../checkout/checkout-service.js';
import { enqueueMail } from './outbox.js';
import { orderConfirmationMail } from './templates.js';

/**
 * Queues the order confirmation in the checkout's own transaction, when the customer gave an e-mail
 * address. Queuing is a plain insert; sending happens later, so a mail server problem never fails an order.
 */
export function queueOrderConfirmation(siteUrl: string, clock: () => Date): AfterOrder {
  return async (tx: DbOrTx, orderId, request) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order?.billing.email) return;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
    await enqueueMail(
      tx,
      orderConfirmationMail(request.mailLang ?? 'nl', {
        to: order.billing.email,
        orderId: order.id,
        pickupNumber: order.pickupNumber,
        lines: lines.map((l) => ({ quantity: l.quantity, name: l.name, total: centsToDecimal(l.total) })),
        total: centsToDecimal(order.total),
        link: `${siteUrl}/checkout/order-received/${order.id}?key=${encodeURIComponent(order.orderKey)}`,
      }),
      clock(),
    );
  };
}
