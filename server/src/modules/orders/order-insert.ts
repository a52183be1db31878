import { fireTimeOf, latestFireTime } from '@bakje/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { couponUsages, orderEvents, orderLines, orders, pickupCounters, versions } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { issuePurchasedGiftCards, redeemGiftCard } from '../gift-cards/gift-cards.js';
import { toKitchenOrder, type KitchenOrder } from '../order-events/kitchen-order.js';
import type { OrderEventPayload, OrderEventType } from '../order-events/record.js';
import { enqueueOrderTickets } from '../printing/print-jobs.js';
import type { PrintSettings } from '../printing/print-settings.js';
import type { OrderWithLines } from './order-read.js';

type OrderValues = typeof orders.$inferInsert;
type LineValues = Omit<typeof orderLines.$inferInsert, 'orderId' | 'position'>;

/** Everything the one insert writes once the order is priced and its slot place and stock are taken. */
export interface OrderDraft {
  /** Reserved from the orders' sequence by the caller (a cart order: in the statement that empties the cart). */
  orderId: number;
  /** The order row without its id, pickup number and fire time (set here). */
  values: Omit<OrderValues, 'id' | 'pickupNumber' | 'fireAt' | 'asap' | 'prepMinutes' | 'awaitsArrival'> & { pickupDay: string };
  /**
   * For now (kiosk, no slot chosen) or for its slot, and how long its products take to prepare (the fire time);
   * `awaitsArrival`: it waits for the customer's "Ik kom eraan" (docs/decisions/0082-ik-kom-eraan.md).
   */
  fire: { asap: boolean; prepMinutes: number; awaitsArrival?: boolean };
  lines: LineValues[];
  /** The order goes to the kitchen now (created processing, or a counter order the shop prints at once). */
  printTickets: boolean;
  printSettings: PrintSettings;
  /** What each gift card pays, taken under the row locks the caller holds. */
  giftCards: { cardId: number; amount: number }[];
  couponIds: number[];
  /** Who used the coupons (the billing e-mail or phone). */
  couponCustomer: string;
  /** Created paid (a till order): the gift cards it sells are issued now. */
  paid: boolean;
}

/**
 * The one insert of an order (docs/decisions/0061-place-order-workflow.md), inside the caller's transaction:
 * order and lines, tickets, gift-card payments, coupon use, then, last, the pickup number and the
 * `order.created` event by which the kitchen and the displays hear of the order exactly when it exists.
 * A failure anywhere rolls the caller's transaction back: nothing of the order is kept.
 */
export async function insertOrder(tx: DbOrTx, draft: OrderDraft): Promise<OrderWithLines> {
  const { orderId } = draft;
  // The fire time is set here, for every channel alike (docs/decisions/0068-fire-times.md).
  const placedAt = draft.values.createdAt ?? new Date();
  const { asap, prepMinutes } = draft.fire;
  const slotStart = draft.values.slotStart ?? null;
  const awaitsArrival = draft.fire.awaitsArrival === true && slotStart !== null;
  // An order that waits for "Ik kom eraan" fires at the latest time that still makes its slot unless the customer
  // says they are coming first (docs/decisions/0082-ik-kom-eraan.md).
  const fireAt = awaitsArrival
    ? latestFireTime({ slotStart, slotEnd: draft.values.slotEnd ?? null, placedAt, prepMinutes })
    : fireTimeOf({ asap, slotStart, placedAt, prepMinutes });
  const values = { ...draft.values, fireAt, asap, prepMinutes, awaitsArrival };
  // The pickup number is a placeholder (minus the id: unique, never a real number, never visible to others
  // before commit) that the last statement replaces: the per-day counter's lock is held the shortest time.
  const [order] = await tx
    .insert(orders)
    .values({ ...values, id: orderId, pickupNumber: -orderId })
    .returning();
  const lines = await tx
    .insert(orderLines)
    .values(draft.lines.map((line, position) => ({ ...line, orderId, position })))
    .returning();
  // An order for the kitchen now has its tickets committed with it (a card order enqueues them when paid).
  if (draft.printTickets) await enqueueOrderTickets(tx, orderId, values.fulfilmentType ?? 'takeaway', draft.printSettings);
  // Gift cards pay their part under their row locks; a balance spent meanwhile by another order refuses
  // this order (nothing is kept), so the customer never pays a different amount than the cart showed.
  for (const { cardId, amount } of draft.giftCards) {
    try {
      await redeemGiftCard(tx, cardId, amount, orderId, values.createdAt ?? new Date());
    } catch (error) {
      if (error instanceof DomainError && error.code === 'GIFT_CARD_INSUFFICIENT_BALANCE') {
        throw new DomainError('GIFT_CARD_BALANCE_CHANGED', 'The balance of a gift card in your cart has changed. Please check your cart.');
      }
      throw error;
    }
  }
  if (draft.couponIds.length) {
    await tx.insert(couponUsages).values(draft.couponIds.map((couponId) => ({ couponId, orderId, customer: draft.couponCustomer })));
  }
  lines.sort((a, b) => a.position - b.position);
  const pickupNumber = await numberOrderAndRecordCreation(tx, toKitchenOrder(order!, lines), values.pickupDay);
  if (draft.paid) await issuePurchasedGiftCards(tx, orderId, values.createdAt ?? new Date());
  return { ...order!, pickupNumber, lines };
}

/**
 * The checkout's last statement: numbers the new order (the day's pickup counter: 1, 2, 3 ... without gaps)
 * and writes its `order.created` event (the event counter) in one round trip. Both counter rows are locked
 * until commit and every checkout of the day needs them, so they are taken as late and as briefly as
 * possible; the caller passes the order as it just wrote it, so nothing is read while they are locked.
 */
async function numberOrderAndRecordCreation(tx: DbOrTx, order: KitchenOrder, day: string): Promise<number> {
  const orderId = order.id;
  const payload: OrderEventPayload = { order };
  const type: OrderEventType = 'order.created';
  const result = (await tx.execute(sql`
    with counter as (
      insert into ${pickupCounters} (day, last_number) values (${day}, 1)
      on conflict (day) do update set last_number = ${pickupCounters}.last_number + 1
      returning last_number
    ), numbered as (
      update ${orders} set pickup_number = counter.last_number from counter
      where ${orders}.id = ${orderId}
      returning counter.last_number as pickup_number
    ), event_id as (
      update ${versions} set version = ${versions}.version + 1
      where ${versions}.name = 'order_events'
      returning ${versions}.version as id
    )
    insert into ${orderEvents} (id, type, order_id, payload)
    select event_id.id, ${type}, ${orderId}, jsonb_set(${JSON.stringify(payload)}::jsonb, '{order,pickupNumber}', to_jsonb(numbered.pickup_number))
    from event_id, numbered
    returning (payload #>> '{order,pickupNumber}')::int as pickup_number`)) as unknown as { rows: Array<{ pickup_number: number }> };
  const assigned = result.rows[0]?.pickup_number;
  if (assigned === undefined) throw new Error(`checkout: order ${orderId} got no pickup number or event (is the order_events counter row missing?)`);
  return Number(assigned);
}
