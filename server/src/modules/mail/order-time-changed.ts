import type { DbOrTx } from '../../db/client.js';
import type { OrderRow } from '../orders/order-read.js';
import { orderMailFacts, type OrderMailContext } from './order-facts.js';
import { enqueueMail, orderMailKey } from './outbox.js';
import { markedAsTest, orderTimeChangedMail } from './templates.js';

/**
 * Queues the update after the kitchen moved the order's time (`after`: the order with its new delay), in the
 * transaction of that change (the lifecycle's 'delay' move, docs/decisions/0081-confirmation-when-and-where.md).
 * One mail per change: the key names the order's total delay after it, which only grows.
 */
export async function queueOrderTimeChanged(tx: DbOrTx, after: OrderRow, minutesLater: number, ctx: OrderMailContext): Promise<void> {
  if (!after.billing.email) return;
  await enqueueMail(
    tx,
    markedAsTest(orderTimeChangedMail(after.lang, orderMailFacts(after, ctx), minutesLater), after.lang, after.placedInTestMode),
    orderMailKey('order_time_changed', after.id, after.delayMinutes),
  );
}
