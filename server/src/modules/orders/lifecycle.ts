import { DEFAULT_PREP_MINUTES, KIOSK_COUNTER_METHOD, KIOSK_TERMINAL_METHOD, arrivalFireTime, cashRoundingFor } from '@bakje/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { orders, orderStatuses, type Address, type OrderStatus } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { EMPTY_ADDRESS } from '../addresses/addresses.js';
import { repriceForMethod } from '../cart/transaction-cost.js';
import { centsToDecimal } from '../catalog/money.js';
import { issuePurchasedGiftCards } from '../gift-cards/gift-cards.js';
import { enqueueMail } from '../mail/outbox.js';
import type { OrderMailContext } from '../mail/order-facts.js';
import { queueOrderTimeChanged } from '../mail/order-time-changed.js';
import { markedAsTest, orderCancelledMail } from '../mail/templates.js';
import { queueOrderNotifications, queueOrderNotificationsEnd, type OrderNotice } from '../notifications/notify.js';
import { recordOrderEvent, type OrderEventPayload, type OrderEventType } from '../order-events/record.js';
import { enqueueOrderTickets } from '../printing/print-jobs.js';
import { promisedTime } from './order-promise.js';
import type { OrderRow } from './order-read.js';
import { releaseOrder } from './order-release.js';

/**
 * The order's life (docs/decisions/0060-order-lifecycle.md): every change of an order's status, payment
 * fields, test mark or personal data goes through `moveOrder`, inside the caller's transaction. It locks the
 * row, checks the move against the table below, writes the fields and their dates, gives back what an ended
 * order took, queues the move's side effects and records the order event last, which is what every kitchen
 * screen, status display and customer page follows.
 */

/** Statuses that end an order: its slot place, stock, gift-card amounts and coupon use were given back. */
export type EndStatus = 'cancelled' | 'refunded' | 'failed';
export const END_STATUSES: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['cancelled', 'refunded', 'failed']);
/** After these the customer hears nothing more about the order. */
const FINISHED: ReadonlySet<OrderStatus> = new Set<OrderStatus>([...END_STATUSES, 'completed']);
const LIVE: readonly OrderStatus[] = orderStatuses.filter((s) => !END_STATUSES.has(s));

/** Where the staff's cancel reason is kept on the order (WooCommerce meta_data). */
export const CANCEL_REASON_KEY = 'cancel_reason';

export type OrderMove =
  /** Kitchen: an order waiting at the counter or for payment goes to the kitchen. */
  | { kind: 'send' }
  /** Kitchen: "Klaar". */
  | { kind: 'ready' }
  /** Kitchen: back from the archive. */
  | { kind: 'recover' }
  /**
   * Kitchen: the order will be `minutes` later than promised (busy); the customer gets an update mail
   * (docs/decisions/0081-confirmation-when-and-where.md). Only an open order that has a time.
   */
  | { kind: 'delay'; minutes: number; mail: OrderMailContext }
  /**
   * The takeaway customer: "Ik kom eraan", at the counter in `minutes`; the fire time moves so the order is ready
   * then (docs/decisions/0082-ik-kom-eraan.md). Checked and limited by modules/arrival/arrival.ts.
   */
  | { kind: 'arrival'; minutes: number }
  /** The takeaway customer: "Ik ben er", at the door; `spot` where they wait (curbside), plain text or empty. */
  | { kind: 'arrived'; spot: string }
  /** Dashboard and store REST: any status an order may take; an end status ends it as a cancel does. */
  | { kind: 'set-status'; status: OrderStatus }
  /** Ends a live order (cancelled, or refunded or failed); `reason` goes into its event. */
  | { kind: 'cancel'; reason?: string; endStatus?: EndStatus }
  /** Staff cancel for a reason the customer reads: kept on the order and mailed to them. */
  | { kind: 'cancel-with-reason'; reason: string; siteUrl: string }
  /** An order still waiting for its payment at the cut-off. */
  | { kind: 'cancel-unpaid'; reason: string }
  /** The payment provider says it is paid. `paymentMethodTitle` undefined: the title stays. */
  | { kind: 'paid'; paymentMethod: string; paymentMethodTitle: string | undefined; transactionId: string | null | undefined }
  /** Staff took the kiosk order's money at the counter. */
  | { kind: 'counter-paid'; paymentMethod: string; paymentMethodTitle: string }
  /** The customer pays cash instead of by card: repriced with cash's transaction cost (docs/decisions/0048). */
  | { kind: 'pay-cash'; surcharges: Map<string, unknown> }
  /** The kiosk customer pays at the counter instead. */
  | { kind: 'pay-at-counter'; printTickets: boolean }
  /** The kiosk customer pays on the terminal (again). */
  | { kind: 'pay-by-terminal' }
  /** Hidden from the kitchen, the displays and the figures: the kitchen's "delete" (test), the store API's trash. */
  | { kind: 'mark-test'; action: 'test' | 'trash' }
  /** Personal data replaced (docs/decisions/0046-customers-privacy.md). */
  | { kind: 'anonymise' }
  /** Deleted for good: only an order that is ended or a test order already. */
  | { kind: 'purge' };

type OrderMoveKind = OrderMove['kind'];

interface Transition {
  /** The statuses the move starts from. */
  from: readonly OrderStatus[];
  /** The status after it: 'same' keeps it, 'chosen' takes the move's status or end status. */
  to: OrderStatus | 'same' | 'chosen';
  /** The payment side it needs: 'unpaid' is no date paid yet. */
  payment: 'unpaid' | 'any';
  /** Sets the date paid: the order's payment side becomes paid. */
  pays?: boolean;
  /** Queues the order's tickets (the kitchen starts on it). */
  tickets?: boolean;
  /** The event the kitchen and the customer's page get; none: nobody shows the change. */
  event?: OrderEventType;
}

/**
 * The transition table. The payment side of an order is derived, not stored: unpaid (no date paid), paid,
 * partly refunded (succeeded refunds below what was paid, modules/payments/refunds.ts) and refunded (the
 * status). Ending moves (to cancelled, refunded, failed) release what the order took (order-release.ts).
 */
const TRANSITIONS: Record<OrderMoveKind, Transition> = {
  send: { from: ['pending', 'on-hold'], to: 'processing', payment: 'any', event: 'order.status-changed' },
  ready: { from: ['processing'], to: 'completed', payment: 'any', event: 'order.status-changed' },
  recover: { from: ['completed'], to: 'processing', payment: 'any', event: 'order.status-changed' },
  delay: { from: ['pending', 'on-hold', 'processing'], to: 'same', payment: 'any', event: 'order.status-changed' },
  arrival: { from: ['pending', 'on-hold', 'processing'], to: 'same', payment: 'any', event: 'order.status-changed' },
  arrived: { from: ['pending', 'on-hold', 'processing'], to: 'same', payment: 'any', event: 'order.status-changed' },
  'set-status': { from: LIVE, to: 'chosen', payment: 'any', event: 'order.status-changed' },
  cancel: { from: LIVE, to: 'chosen', payment: 'any', event: 'order.status-changed' },
  'cancel-with-reason': { from: LIVE, to: 'cancelled', payment: 'any', event: 'order.status-changed' },
  'cancel-unpaid': { from: ['pending'], to: 'cancelled', payment: 'any', event: 'order.status-changed' },
  paid: { from: ['pending'], to: 'processing', payment: 'unpaid', pays: true, tickets: true, event: 'order.status-changed' },
  'counter-paid': { from: ['pending'], to: 'processing', payment: 'unpaid', pays: true, tickets: true, event: 'order.status-changed' },
  'pay-cash': { from: ['pending'], to: 'processing', payment: 'any', tickets: true, event: 'order.status-changed' },
  'pay-at-counter': { from: ['pending'], to: 'same', payment: 'unpaid', event: 'order.status-changed' },
  'pay-by-terminal': { from: ['pending'], to: 'same', payment: 'any' },
  'mark-test': { from: orderStatuses, to: 'same', payment: 'any', event: 'order.marked-test' },
  anonymise: { from: orderStatuses, to: 'same', payment: 'any' },
  purge: { from: orderStatuses, to: 'same', payment: 'any' },
};

/** The event's action per move (the kitchen and status screens read it). */
const EVENT_ACTION: Partial<Record<OrderMoveKind, string>> = {
  send: 'send',
  ready: 'ready',
  recover: 'recover',
  delay: 'delay',
  arrival: 'arrival',
  arrived: 'arrived',
  cancel: 'cancel',
  'cancel-with-reason': 'cancel',
  'cancel-unpaid': 'cancel',
  paid: 'paid',
  'counter-paid': 'paid',
  'pay-cash': 'cash',
  'pay-at-counter': 'counter',
};

const KITCHEN_LABEL = { send: 'sent to the kitchen', ready: 'marked as ready', recover: 'recovered' } as const;

/** The most the kitchen may move one order back, all delays together. */
export const MAX_DELAY_MINUTES = 240;

export interface MoveContext {
  now: Date;
  /** A move the order cannot take returns `moved: false` instead of throwing its refusal. */
  ifAllowed?: boolean;
  /** The caller's own writes that belong to the move (its payment rows), run before the event. */
  alongside?: (tx: Tx, before: OrderRow) => Promise<void>;
}

export interface MoveOutcome {
  moved: boolean;
  /** The order as it was before the move. */
  before: OrderRow;
}

/** Why the order cannot take the move, or null when it can. */
function refusal(order: OrderRow, move: OrderMove): DomainError | null {
  const rule = TRANSITIONS[move.kind];
  const allowed = rule.from.includes(order.status) && (rule.payment === 'any' || order.datePaid === null);
  switch (move.kind) {
    case 'send':
    case 'ready':
    case 'recover':
      return allowed ? null : new DomainError('ORDER_ACTION_REFUSED', `Order ${order.id} is ${order.status} and cannot be ${KITCHEN_LABEL[move.kind]}.`);
    case 'delay':
      if (!allowed) return new DomainError('ORDER_ACTION_REFUSED', `Order ${order.id} is ${order.status} and cannot be delayed.`);
      if (!order.slotStart) return new DomainError('ORDER_ACTION_REFUSED', `Order ${order.id} has no time to move.`);
      return Number.isSafeInteger(move.minutes) && move.minutes > 0 && order.delayMinutes + move.minutes <= MAX_DELAY_MINUTES
        ? null
        : new DomainError('INVALID_INPUT', `An order can be delayed by 1 to ${MAX_DELAY_MINUTES} minutes in all.`);
    case 'arrival':
    case 'arrived':
      if (order.fulfilmentType !== 'takeaway') return new DomainError('ARRIVAL_REFUSED', `Order ${order.id} is not for takeaway.`, { reason: 'not-takeaway' });
      return allowed
        ? null
        : new DomainError('ARRIVAL_REFUSED', `Order ${order.id} is ${order.status}: "Ik kom eraan" and "Ik ben er" are only for an order not yet ready.`, {
            reason: 'closed',
          });
    case 'set-status':
      return allowed || move.status === order.status
        ? null
        : new DomainError('ORDER_STATUS_CHANGE_INVALID', `An order with status ${order.status} cannot be changed to ${move.status}.`);
    case 'cancel':
    case 'cancel-with-reason':
    case 'cancel-unpaid':
      return allowed ? null : new DomainError('ORDER_ACTION_REFUSED', `Order ${order.pickupNumber} is ${order.status} and cannot be cancelled.`);
    case 'counter-paid':
      return allowed && order.paymentMethod === KIOSK_COUNTER_METHOD
        ? null
        : new DomainError('COUNTER_PAYMENT_REFUSED', 'This order does not wait for payment at the counter.');
    case 'paid':
    case 'pay-cash':
    case 'pay-at-counter':
    case 'pay-by-terminal':
      return allowed ? null : new DomainError('ORDER_ACTION_REFUSED', 'This order no longer waits for a payment.');
    case 'mark-test':
      return order.isTestOrder ? new DomainError('ORDER_ACTION_REFUSED', `Order ${order.id} is already marked as test order.`) : null;
    case 'anonymise':
      return null;
    case 'purge':
      return order.isTestOrder || END_STATUSES.has(order.status)
        ? null
        : new DomainError('ORDER_ACTION_REFUSED', `Order ${order.id} is ${order.status}: cancel it or delete it without force (trash) first.`);
  }
}

function statusAfter(order: OrderRow, move: OrderMove): OrderStatus {
  const to = TRANSITIONS[move.kind].to;
  if (to === 'same') return order.status;
  if (to !== 'chosen') return to;
  if (move.kind === 'set-status') return move.status;
  return (move.kind === 'cancel' && move.endStatus) || 'cancelled';
}

type OrderFields = Partial<typeof orders.$inferInsert>;

/** The fields a move writes besides the status and its dates. */
function fieldsOf(order: OrderRow, move: OrderMove, now: Date): OrderFields {
  switch (move.kind) {
    case 'arrival':
      return arrivalFields(order, move.minutes, now);
    case 'arrived':
      return { arrivedAt: order.arrivedAt ?? now, arrivalSpot: move.spot || null };
    case 'cancel-with-reason':
      return { metaData: [...order.metaData.filter((m) => m.key !== CANCEL_REASON_KEY), { key: CANCEL_REASON_KEY, value: move.reason }] };
    case 'paid':
      return { transactionId: move.transactionId, paymentMethod: move.paymentMethod, paymentMethodTitle: move.paymentMethodTitle };
    case 'counter-paid':
      return { paymentMethod: move.paymentMethod, paymentMethodTitle: move.paymentMethodTitle };
    case 'pay-cash': {
      const fields: OrderFields = { paymentMethod: 'cod', paymentMethodTitle: 'Cash' };
      // Repriced on the unrounded total; withCashRounding rounds it for cash after.
      const unrounded = { ...order, total: order.total - order.cashRounding };
      const money = repriceForMethod(unrounded, move.surcharges, 'cod');
      return money.total !== unrounded.total || money.transactionCost?.total !== order.transactionCost?.total ? { ...fields, ...money } : fields;
    }
    case 'pay-at-counter':
      return { paymentMethod: KIOSK_COUNTER_METHOD, paymentMethodTitle: 'Pay at the counter' };
    case 'pay-by-terminal':
      return { paymentMethod: KIOSK_TERMINAL_METHOD, paymentMethodTitle: 'Card terminal' };
    case 'mark-test':
      return { isTestOrder: true };
    case 'delay':
      return { delayMinutes: order.delayMinutes + move.minutes };
    default:
      return {};
  }
}

/**
 * "Ik kom eraan" (docs/decisions/0082-ik-kom-eraan.md): the order is to be ready when the customer arrives, so it
 * fires its preparation time before, never after the latest time it was promised for (the slot's end, moved by the
 * kitchen's delay) and never before now. An order that has fired keeps its fire time: the kitchen has started it.
 */
function arrivalFields(order: OrderRow, minutes: number, now: Date): OrderFields {
  const arriveAt = new Date(now.getTime() + minutes * 60_000);
  const fired = order.fireAt === null || order.fireAt.getTime() <= now.getTime();
  if (fired) return { arriveAt };
  const promised = promisedTime(order);
  const fireAt = arrivalFireTime({
    arriveAt,
    prepMinutes: order.prepMinutes ?? DEFAULT_PREP_MINUTES,
    latestReady: promised?.end ?? promised?.start ?? null,
    now,
  });
  return { arriveAt, fireAt };
}

/** How far apart two arrivals may be and still be the same one: saying it again changes nothing. */
const SAME_ARRIVAL_MS = 60_000;

/** The move would change nothing the customer or the kitchen sees: the same arrival said again. */
function changesNothing(order: OrderRow, move: OrderMove, now: Date): boolean {
  if (move.kind === 'arrival') {
    const arriveAt = now.getTime() + move.minutes * 60_000;
    return order.arriveAt !== null && Math.abs(order.arriveAt.getTime() - arriveAt) < SAME_ARRIVAL_MS;
  }
  if (move.kind === 'arrived') return order.arrivedAt !== null && (order.arrivalSpot ?? '') === move.spot;
  return false;
}

/**
 * A move that sets the payment method sets the cash rounding with it (docs/decisions/0080-cash-rounding.md):
 * the old rounding comes off the total (or the move's repriced total, which has none), the new method's goes on.
 * A kiosk order switched from the counter to the terminal, or paid by card at the counter, is charged to the cent.
 */
function withCashRounding(order: OrderRow, fields: OrderFields): OrderFields {
  if (fields.paymentMethod === undefined) return fields;
  const unrounded = fields.total ?? order.total - order.cashRounding;
  const cashRounding = cashRoundingFor(fields.paymentMethod, unrounded);
  if (fields.total === undefined && cashRounding === order.cashRounding) return fields;
  return { ...fields, total: unrounded + cashRounding, cashRounding };
}

/**
 * Moves one order, in the caller's transaction (see the table above). Returns undefined when the order does
 * not exist; throws the move's refusal (ORDER_ACTION_REFUSED, ORDER_STATUS_CHANGE_INVALID, ...) when the
 * order cannot take it, unless `ctx.ifAllowed`. Moving an order to the status it has changes nothing.
 */
export async function moveOrder(tx: Tx, orderId: number, move: OrderMove, ctx: MoveContext): Promise<MoveOutcome | undefined> {
  const [before] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!before) return undefined;
  const refused = refusal(before, move);
  if (refused) {
    if (ctx.ifAllowed) return { moved: false, before };
    throw refused;
  }
  const { now } = ctx;
  if (move.kind === 'purge') {
    await tx.delete(orders).where(eq(orders.id, orderId));
    return { moved: true, before };
  }
  if (move.kind === 'anonymise') {
    await tx
      .update(orders)
      .set({
        billing: anonymousAddress(before.billing),
        shipping: anonymousAddress(before.shipping),
        customerNote: '',
        customerId: null,
        sessionKey: null,
        notifyPhone: null,
        anonymisedAt: now,
      })
      .where(eq(orders.id, orderId));
    return { moved: true, before };
  }
  const status = statusAfter(before, move);
  if (move.kind === 'set-status' && status === before.status) return { moved: false, before };
  if (changesNothing(before, move, now)) return { moved: false, before };
  const rule = TRANSITIONS[move.kind];
  // A completed order is paid: a cash order's date paid is when staff complete it (the store REST API's "completed").
  const pays = rule.pays || (move.kind === 'set-status' && status === 'completed');
  await tx
    .update(orders)
    .set({
      ...withCashRounding(before, fieldsOf(before, move, now)),
      ...(status !== before.status ? { status } : {}),
      ...(pays ? { datePaid: before.datePaid ?? now } : {}),
      updatedAt: now,
    })
    .where(eq(orders.id, orderId));
  const ends = END_STATUSES.has(status) && !END_STATUSES.has(before.status);
  if (ends) await releaseOrder(tx, orderId, before, now);
  if (rule.tickets || (move.kind === 'pay-at-counter' && move.printTickets)) await enqueueOrderTickets(tx, orderId, before.fulfilmentType);
  // The gift cards a paid order bought are issued and mailed now (once); staff's counter payment is for kiosk
  // orders, which sell no gift cards.
  if (move.kind === 'paid' || (move.kind === 'set-status' && status === 'completed')) await issuePurchasedGiftCards(tx, orderId, now);
  if (move.kind === 'cancel-with-reason') await mailCancellation(tx, before, move);
  if (move.kind === 'delay')
    await queueOrderTimeChanged(tx, { ...before, delayMinutes: before.delayMinutes + move.minutes, updatedAt: now }, move.minutes, move.mail);
  const notice = noticeOf(before, move, status, ends);
  if (notice) await queueOrderNotifications(tx, before, notice, now);
  // Nothing more will be pushed about a finished order: its subscriptions go, after its last push (decision 0086).
  if (FINISHED.has(status) && !FINISHED.has(before.status)) await queueOrderNotificationsEnd(tx, orderId);
  await ctx.alongside?.(tx, before);
  if (rule.event) await recordOrderEvent(tx, rule.event, orderId, eventPayload(before, move, ends));
  return { moved: true, before };
}

/**
 * What the customer is told about a move (docs/decisions/0083-order-notifications-sms.md), by SMS and the
 * channels to come: accepted when the order goes to the kitchen after it was placed (a card order once paid,
 * staff sending an on-hold order, cash instead of card); ready (or out for delivery, for a delivery order: the
 * kitchen's "ready" is when it leaves); each delay; a cancel, except the payment cut-off's (the customer left
 * the payment page: nothing to tell). Null: nothing to tell.
 */
function noticeOf(before: OrderRow, move: OrderMove, status: OrderStatus, ends: boolean): OrderNotice | null {
  switch (move.kind) {
    case 'paid':
    case 'counter-paid':
    case 'send':
    case 'pay-cash':
      return status === 'processing' && before.status !== 'processing' ? { kind: 'accepted' } : null;
    case 'ready':
      return { kind: before.fulfilmentType === 'delivery' ? 'out-for-delivery' : 'ready' };
    case 'delay':
      return { kind: 'delayed', change: before.delayMinutes + move.minutes, minutes: move.minutes };
    case 'cancel-with-reason':
      return { kind: 'cancelled', reason: move.reason };
    case 'cancel':
    case 'set-status':
      return ends && status === 'cancelled' ? { kind: 'cancelled' } : null;
    default:
      return null;
  }
}

/**
 * What replaces an order's personal data (docs/decisions/0046-customers-privacy.md): the country stays (it
 * decides the VAT), everything that names, reaches or locates a person goes.
 */
function anonymousAddress(before: Address): Address {
  return { ...EMPTY_ADDRESS, firstName: 'Anonymised', country: before.country };
}

function eventPayload(before: OrderRow, move: OrderMove, ends: boolean): Omit<OrderEventPayload, 'order'> {
  if (move.kind === 'mark-test') return { action: move.action };
  // A status the dashboard sets that ends the order is its cancel, as the kitchen shows it.
  const action = move.kind === 'set-status' ? (ends ? 'cancel' : 'manage') : EVENT_ACTION[move.kind];
  const reason = move.kind === 'cancel' || move.kind === 'cancel-with-reason' || move.kind === 'cancel-unpaid' ? move.reason : undefined;
  return { previousStatus: before.status, action, ...(reason ? { reason } : {}) };
}

/** The customer hears why, in the language they ordered in, whoever cancels (docs/decisions/0034). */
async function mailCancellation(tx: Tx, order: OrderRow, move: { reason: string; siteUrl: string }): Promise<void> {
  if (!order.billing.email) return;
  await enqueueMail(
    tx,
    markedAsTest(
      orderCancelledMail(order.lang, {
        to: order.billing.email,
        pickupNumber: order.pickupNumber,
        total: centsToDecimal(order.total),
        reason: move.reason,
        link: `${move.siteUrl}/checkout/order-received/${order.id}?key=${encodeURIComponent(order.orderKey)}`,
      }),
      order.lang,
      order.placedInTestMode,
    ),
  );
}

/**
 * Ends an order in its own transaction (nested in the caller's when given one): cancelled, or refunded or
 * failed. False when it had ended already (nothing changes).
 */
export async function cancelOrder(db: DbOrTx, orderId: number, reason?: string, endStatus: EndStatus = 'cancelled', now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const outcome = await moveOrder(tx, orderId, { kind: 'cancel', endStatus, ...(reason ? { reason } : {}) }, { now, ifAllowed: true });
    return outcome?.moved ?? false;
  });
}
