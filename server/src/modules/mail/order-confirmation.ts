import type { DbOrTx } from '../../db/client.js';
import type { AfterOrder } from '../orders/place-order.js';
import { enqueueMail } from './outbox.js';
import { markedAsTest, orderConfirmationMail } from './templates.js';

/**
 * Queues the order confirmation in the checkout's own transaction, when the customer gave an e-mail
 * address. Queuing is a plain insert; sending happens later, so a mail server problem never fails an order.
 */
export function queueOrderConfirmation(siteUrl: string): AfterOrder {
  return async (tx: DbOrTx, order) => {
    if (!order.billing.email) return;
    const lines = [...order.lines].sort((a, b) => a.position - b.position);
    await enqueueMail(
      tx,
      markedAsTest(
        orderConfirmationMail(order.lang, {
          to: order.billing.email,
          orderId: order.id,
          pickupNumber: order.pickupNumber,
          fulfilment: order.fulfilmentType,
          lines: lines.map((l) => ({ quantity: l.quantity, name: l.name, totalCents: l.total })),
          totalCents: order.total,
          deliveryAddress: [
            `${order.shipping.firstName} ${order.shipping.lastName}`.trim(),
            [order.shipping.address1, order.shipping.address2].filter(Boolean).join(' '),
            `${order.shipping.postcode} ${order.shipping.city}`.trim(),
          ].filter(Boolean),
          link: `${siteUrl}/checkout/order-received/${order.id}?key=${encodeURIComponent(order.orderKey)}`,
        }),
        order.lang,
        order.placedInTestMode,
      ),
    );
  };
}
