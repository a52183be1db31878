import type { DbOrTx } from '../../db/client.js';
import type { AfterOrder } from '../orders/place-order.js';
import { orderMailFacts, type OrderMailContext } from './order-facts.js';
import { enqueueMail, orderMailKey } from './outbox.js';
import { markedAsTest, orderConfirmationMail } from './templates.js';

/**
 * Queues the order confirmation in the checkout's own transaction, when the customer gave an e-mail
 * address. Queuing is a plain insert; sending happens later, so a mail server problem never fails an order.
 * One confirmation per order (its idempotency key), whatever runs this twice.
 */
export function queueOrderConfirmation(ctx: OrderMailContext): AfterOrder {
  return async (tx: DbOrTx, order) => {
    if (!order.billing.email) return;
    await enqueueMail(
      tx,
      markedAsTest(orderConfirmationMail(order.lang, orderMailFacts(order, ctx)), order.lang, order.placedInTestMode),
      orderMailKey('order_confirmation', order.id),
    );
  };
}
