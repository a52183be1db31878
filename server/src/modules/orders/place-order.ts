import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { KIOSK_COUNTER_METHOD, KIOSK_TERMINAL_METHOD, cashRoundingFor, type OrderChannel } from '@bakje/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  carts,
  coupons,
  giftCards,
  orders,
  settings as settingsTable,
  users,
  type Address,
  type FulfilmentType,
  type OrderStatus,
} from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';
import { isCardGatewayId } from '../../integrations/multisafepay/multisafepay-client.js';
import type { CartService } from '../cart/cart-service.js';
import { assertCustomerMayUse } from '../cart/coupons.js';
import { DELIVERY_UNAVAILABLE, OUT_OF_STOCK } from '../cart/errors.js';
import { chargesTransactionCost } from '../cart/transaction-cost.js';
import { assertAgeConfirmed } from '../catalog/age-limit.js';
import { lineAllergens, ownContainerAllowed } from '../catalog/line-allergens.js';
import { soldOutMessage } from '../catalog/sold-out.js';
import { EMPTY_ADDRESS, normaliseAddress, type AddressInput } from '../addresses/addresses.js';
import { assertBillingComplete } from '../checkout/billing.js';
import type { DistanceProvider } from '../delivery/distance.js';
import { checkDelivery } from '../delivery/delivery-rules.js';
import { lastFour } from '../gift-cards/gift-cards.js';
import type { Lang } from '../i18n/locale.js';
import { DINEIN_CLOSED, ORDERING_CLOSED, ORDERING_PAUSED, isDineInNow, isOpenAt, orderingPossibleOn, withinHours } from '../opening-hours/opening-hours.js';
import { PAUSE_KEY, isPausedFor, leadMinutes, parsePauseState } from '../opening-hours/pause.js';
import type { PaymentsService } from '../payments/payments-service.js';
import { STRIPE, type StripePayments } from '../payments/stripe-payments.js';
import { printSettingsFrom } from '../printing/print-settings.js';
import { localMoment } from '../shop-time/shop-time.js';
import { awaitsArrival, kitchenSettingsFrom, orderPrepMinutes } from '../kitchen/kitchen-settings.js';
import { normaliseSmsPhone } from '../notifications/sms-phone.js';
import { SLOT_REQUIRED, bookEarliestSlot, bookSlot, findSlotOption } from '../slots/time-slots.js';
import { takeStock } from '../stock/stock.js';
import { priceGivenLines, type GivenLine } from './given-lines.js';
import { insertOrder } from './order-insert.js';
import { newOrderKey } from './order-key.js';
import { readOrderFor, type OrderWithLines } from './order-read.js';

/** Where an order comes from. Counter, table and platform orders are to come (issue 29): the type has room. */
export type PlaceOrderChannel = OrderChannel | 'store-api' | 'counter' | 'table' | 'platform';

/**
 * Bakje's own order request (docs/decisions/0061-place-order-workflow.md): each transport maps its own
 * dialect to it (WooGraphQL's `metaData`/`shippingMethod`, WooCommerce REST's `line_items`/`shipping_lines`,
 * the kiosk's body); nothing past the transports reads the caller's meta data, it is only stored.
 */
export interface PlaceOrderRequest {
  channel: PlaceOrderChannel;
  /** The session's cart, or lines the caller names (the store API), priced from the catalogue either way. */
  lines: { cart: string } | { given: GivenLine[]; shippingTotal: number };
  /** Named by the caller; else the cart's choice, else takeaway for an order "as soon as possible". */
  fulfilment?: FulfilmentType;
  /** A time slot option id: the order books a place in it. */
  slot?: string;
  /** The store API's time without a slot place (meta `slot_start`): sets the day and time the kitchen sees. */
  slotStart?: Date;
  customer: {
    id?: number | null;
    /** From the cart: checked and normalised as the checkout form's; given lines: stored as given. */
    billing?: AddressInput | null;
    shipping?: AddressInput | null;
    shipToDifferentAddress?: boolean | null;
    note?: string | null;
    /** Mails about the order are in this language (the shop's own, Dutch, when not given). */
    language?: Lang;
    /** The customer's address as the payment provider sees it (fraud checks). */
    ip?: string;
    /**
     * The age the customer confirmed being at least (the kiosk's question, the web's confirm): an order with
     * 16+ or 18+ lines needs it (docs/decisions/0071-age-restricted-products-staff-language.md).
     */
    confirmedAge?: number | null;
    /**
     * The number the customer wants texts about the order at (the checkout's opt-in): checked and stored as
     * E.164 (docs/decisions/0083-order-notifications-sms.md); absent or empty: no SMS.
     */
    smsPhone?: string | null;
    /**
     * "Ik breng mijn eigen pot mee": one answer for the order, kept on each line whose category allows it
     * (docs/decisions/0084-allergens-at-the-door-own-container.md).
     */
    ownContainer?: boolean | null;
  };
  payment: {
    method?: string | null;
    /** The back office names the title of its own methods (store API). */
    title?: string;
    /** The provider's reference the back office already has (store API `transaction_id`). */
    transactionId?: string;
    /** Stripe: the intent the page confirmed, looked up at Stripe before anything is written. */
    stripeIntentId?: string | null;
    /** The client says it is paid; proves nothing, the intent is looked up (see stripeIntentId). */
    claimsPaid?: boolean | null;
    /** A kiosk's card terminal: the payment is started on it once the order exists. */
    terminalId?: string | null;
  };
  flags?: {
    /** The tickets print with the order although it is not paid yet (a kiosk counter order, if the shop chooses). */
    printNow?: boolean;
    /** Store API: created paid, with this status. */
    setPaid?: boolean;
    status?: OrderStatus;
  };
  /** Stored on the order as given (at most 100 / 500 characters a key / value); never read to decide anything. */
  metaData?: { key: string; value: string }[];
  /** The order's `created_via` (at most 40 characters). */
  createdVia?: string | null;
  /** When the request arrived: a pause that began later does not refuse it (the order was in flight). */
  startedAt?: Date;
  /** A new account, checked already, created and given the order once the order is committed. */
  account?: PendingAccount;
}

export interface PendingAccount {
  create(orderId: number): Promise<void>;
}

/** How the payment was started once the order existed. */
export type PaymentStart =
  | { kind: 'none' }
  /** Stripe: the confirmed intent is attached; `order` is as the attach left it. */
  | { kind: 'attached' }
  /** MultiSafepay or the kiosk's terminal: the provider has the payment (its page, when it has one). */
  | { kind: 'started'; paymentUrl: string | null }
  | { kind: 'failed'; error: string };

export interface PlacedOrder {
  orderId: number;
  orderKey: string;
  /** true when this was a repeat of an order placed already from the same cart. */
  repeated: boolean;
  /** The order as committed, or as read again after the account or the payment changed it. */
  order: OrderWithLines | null;
  payment: PaymentStart;
}

/** Runs inside the order's transaction once it exists and has its number (e.g. queue its confirmation mail). */
export type AfterOrder = (tx: DbOrTx, order: OrderWithLines) => Promise<void>;

/** Whether a card method may pay this order (settings per fulfilment type and channel); its title when it may. */
export type CardMethodCheck = (settings: Map<string, unknown>, id: string, fulfilment: FulfilmentType, channel: OrderChannel) => string | undefined;

export interface PlaceOrderDeps {
  db: Db;
  carts: CartService;
  distance: DistanceProvider;
  timeZone: string;
  clock?: () => Date;
  afterOrder?: AfterOrder;
  cardMethod?: CardMethodCheck;
  /** Card payments by redirect and on the kiosk's terminal (MultiSafepay); undefined when not configured. */
  payments?: PaymentsService;
  stripe?: StripePayments;
  /** How long the order key shows personal details (docs/decisions/0046-customers-privacy.md). */
  orderKeyDetailsHours?: number;
  /** Whether the shop is in test mode, from the catalogue's settings (docs/decisions/0070-test-and-live-mode.md). */
  testMode?: (settings: Map<string, unknown>) => boolean;
}

const PAYMENT_METHODS: Record<string, string> = { cod: 'Cash' };
/** Only a kiosk order pays on the kiosk's terminal or at the counter (issue 15): both wait unpaid (pending). */
const KIOSK_PAYMENT_METHODS: Record<string, string> = { [KIOSK_TERMINAL_METHOD]: 'Card terminal', [KIOSK_COUNTER_METHOD]: 'Pay at the counter' };
/** A repeated submit within this window returns the order the first one created. */
const REPEAT_WINDOW_MS = 10 * 60_000;
const MAX_NOTE = 1000;
const PAYMENT_UNAVAILABLE = 'This payment method is not available.';

/**
 * The fulfilment a client names (WooGraphQL's `fulfilment_type` meta or shipping method id); a name Bakje does
 * not know refuses the order.
 */
export function parseFulfilment(name: string): FulfilmentType {
  const value = name.trim().toLowerCase();
  if (value === 'delivery' || value === 'takeaway' || value === 'dinein') return value;
  throw new DomainError('FULFILMENT_REQUIRED', 'Choose delivery, takeaway or dine-in before checking out.');
}

function fingerprintOf(request: PlaceOrderRequest): string {
  const { lines: _lines, account: _account, ...rest } = request;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

/** The channel whose pause, payment methods and coupons apply: the storefront's for anything not a kiosk. */
const shopChannelOf = (channel: PlaceOrderChannel): OrderChannel => (channel === 'kiosk' ? 'kiosk' : 'web');

/**
 * Places an order for every channel (docs/decisions/0061-place-order-workflow.md), in these steps:
 *
 * 1. Payment pre-check: a Stripe intent is looked up at Stripe. Nothing is written yet: a refusal needs no
 *    compensation.
 * 2. Pricing and insert, in ONE transaction: slot place, stock, coupon use, gift-card payments, pickup
 *    number, order and lines, tickets of an order for the kitchen now, the `order.created` event and the
 *    confirmation mail (`afterOrder`). Compensation: any failure rolls all of it back, so no request can
 *    lose an order or double-book a slot; after commit, cancelling the order gives back what it took.
 * 3. Account (optional, checked by the transport before step 1): created after the order commits and given
 *    the order. Compensation: none needed; if the address was taken meanwhile the order stays a guest order.
 * 4. Start the payment: attach the Stripe intent, or start MultiSafepay's payment page or the kiosk's
 *    terminal. Compensation: the order stays pending with its slot place held; a failure is reported to the
 *    customer, who may try again or pay cash, and a card order never paid is cancelled at the payments' cut-off.
 */
export class PlaceOrder {
  private readonly clock: () => Date;

  constructor(private readonly deps: PlaceOrderDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  async place(request: PlaceOrderRequest): Promise<PlacedOrder> {
    // The store API records a payment the back office already has: the workflow neither checks nor starts one.
    if (!('cart' in request.lines)) return { ...(await this.fromGivenLines(request, request.lines)), payment: { kind: 'none' } };
    const sessionKey = request.lines.cart;
    const method = (request.payment.method ?? 'cod').trim() || 'cod';
    const stripeIntent = method === STRIPE ? request.payment.stripeIntentId?.trim() : undefined;
    // 1. The client's "paid" proves nothing: the intent is looked up at Stripe before any order is made.
    if (method === STRIPE) {
      if (!this.deps.stripe) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', PAYMENT_UNAVAILABLE);
      await this.deps.stripe.verifyBeforeCheckout(sessionKey, stripeIntent, request.payment.claimsPaid === true);
    }
    // 2.
    const result = await this.fromCart(request, sessionKey);
    // 3.
    if (request.account && !result.repeated) await request.account.create(result.orderId);
    // The order as committed, unless the new account just changed it (or it was a repeat).
    let order = result.order && !request.account ? result.order : await this.read(result.orderId, result.orderKey);
    // 4.
    let payment: PaymentStart = { kind: 'none' };
    if (stripeIntent && this.deps.stripe && order && !result.repeated) {
      await this.deps.stripe.attach(result.orderId, stripeIntent, order.total, order.currency, this.clock());
      order = (await this.read(result.orderId, result.orderKey)) ?? order;
      payment = { kind: 'attached' };
    } else if (method === KIOSK_TERMINAL_METHOD && request.payment.terminalId && this.deps.payments && !result.repeated) {
      payment = paymentStarted(
        await this.deps.payments.startPayment(result.orderId, method, request.customer.language ?? 'nl', undefined, request.payment.terminalId),
      );
    } else if (order && order.status === 'pending' && isCardGatewayId(order.paymentMethod) && this.deps.payments) {
      // A card order goes to the provider's payment page; it stays pending (slot place held) until paid.
      payment = paymentStarted(await this.deps.payments.startPayment(result.orderId, order.paymentMethod, order.lang, request.customer.ip));
    }
    return { ...result, order, payment };
  }

  private read(orderId: number, orderKey: string) {
    const hours = this.deps.orderKeyDetailsHours;
    return readOrderFor(this.deps.db, orderId, { orderKey }, hours === undefined ? undefined : { now: this.clock(), hours });
  }

  /**
   * The session's cart becomes the order: every rule of the storefront's checkout applies (pause, opening
   * hours, lead time, billing, delivery area, coupons, gift cards); a repeated submit returns the order the
   * first one made.
   */
  private async fromCart(request: PlaceOrderRequest, sessionKey: string): Promise<Omit<PlacedOrder, 'payment'>> {
    // A wrong number refuses the checkout before anything is locked: the customer corrects it or leaves it empty.
    const notifyPhone = normaliseSmsPhone(request.customer.smsPhone);
    const { carts: cartService, timeZone } = this.deps;
    const fingerprint = fingerprintOf(request);
    const channel = shopChannelOf(request.channel);
    const kiosk = channel === 'kiosk';
    // Taken before the transaction: loading a stale snapshot inside it could wait for the connection the
    // transaction holds (PGlite has one), e.g. right after another checkout changed a product's stock.
    const snapshot = await cartService.snapshot();
    return this.deps.db.transaction(async (tx) => {
      const now = this.clock();
      // No row means an empty cart (nothing to lock: there is nothing to order). The pause row comes with it,
      // as stored now (not from the snapshot, which may be a moment behind): one statement instead of two, as
      // every statement on PGlite's one connection is time the other customers wait
      // (docs/decisions/0053-pglite-memory-checkout.md).
      const [locked] = await tx
        .select({
          ...getTableColumns(carts),
          pause: sql<unknown>`(select ${settingsTable.value} from ${settingsTable} where ${settingsTable.key} = ${PAUSE_KEY})`,
        })
        .from(carts)
        .where(eq(carts.sessionKey, sessionKey))
        .for('update');
      const { pause: storedPause, ...cartColumns } = locked ?? { pause: undefined };
      const cartRow = locked ? (cartColumns as typeof carts.$inferSelect) : undefined;
      // The cart's gift cards are locked first (in id order: no deadlock between orders sharing two cards), so
      // the totals below see the balance this order may take, and concurrent orders on one card queue here.
      if (cartRow?.giftCardCodes.length) {
        await tx.select({ id: giftCards.id }).from(giftCards).where(inArray(giftCards.code, cartRow.giftCardCodes)).orderBy(giftCards.id).for('update');
      }
      const cart = await cartService.viewRow(sessionKey, cartRow, tx, snapshot);
      if (cart.lines.length === 0) {
        const last = cartRow?.lastCheckout;
        if (last && last.fingerprint === fingerprint && now.getTime() - new Date(last.at).getTime() < REPEAT_WINDOW_MS) {
          const [existing] = await tx.select({ id: orders.id, orderKey: orders.orderKey }).from(orders).where(eq(orders.id, last.orderId));
          if (existing) return { orderId: existing.id, orderKey: existing.orderKey, repeated: true, order: null };
        }
        throw new DomainError('CART_EMPTY', 'Your cart is empty.');
      }

      const settings = cart.settings;
      const slotId = request.slot?.trim();
      // WooGraphQL clients know nothing of slots: without one the order is "as soon as possible", when the
      // shop allows it (docs/decisions/0036-woographql-limits.md).
      // A kiosk customer is in the shop: their order is always for now.
      if (!slotId && !settings.ordering.asapOrders && !kiosk) throw new DomainError('SLOT_REQUIRED', SLOT_REQUIRED);
      const fulfilment = request.fulfilment ?? cart.shippingMethod ?? (slotId ? undefined : 'takeaway');
      if (!fulfilment) throw new DomainError('FULFILMENT_REQUIRED', 'Choose delivery, takeaway or dine-in before checking out.');
      const paymentMethod = (request.payment.method ?? 'cod').trim() || 'cod';
      // A card order waits (pending, its slot place held) until the provider says it is paid.
      const paymentTitle =
        PAYMENT_METHODS[paymentMethod] ??
        (kiosk ? KIOSK_PAYMENT_METHODS[paymentMethod] : undefined) ??
        this.deps.cardMethod?.(snapshot.settings, paymentMethod, fulfilment, channel);
      if (!paymentTitle) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', PAYMENT_UNAVAILABLE);

      const billing = normaliseAddress(request.customer.billing);
      // A kiosk customer gives no name or address: the pickup number is what they are called by.
      if (!kiosk) assertBillingComplete(billing);
      const shipping = request.customer.shipToDifferentAddress ? normaliseAddress(request.customer.shipping) : billing;
      const note = (request.customer.note ?? '').trim();
      if (note.length > MAX_NOTE) throw new DomainError('NOTE_TOO_LONG', `The note may be at most ${MAX_NOTE} characters.`);

      const current = { ...settings, pause: parsePauseState(typeof storedPause === 'string' ? JSON.parse(storedPause) : storedPause) };
      const startedAt = request.startedAt && request.startedAt.getTime() <= now.getTime() ? request.startedAt : now;

      const lead = leadMinutes(current, startedAt);
      const earliest = new Date(startedAt.getTime() + lead * 60_000);
      if (fulfilment === 'dinein' && !isOpenAt(settings.openingHours, now, timeZone, 'dinein')) throw new DomainError('DINEIN_CLOSED', DINEIN_CLOSED);
      /** Whether a slot time may take this order now: open that day and time, dine-in only right now. */
      const slotRefusal = (start: Date): DomainError | null => {
        if (fulfilment === 'dinein' && !isDineInNow(start, earliest, now, timeZone)) return new DomainError('DINEIN_CLOSED', DINEIN_CLOSED);
        const day = localMoment(start, timeZone).date;
        if (!orderingPossibleOn(settings.openingHours, day, now) || !withinHours(settings.openingHours, start, timeZone, fulfilment)) {
          return new DomainError('ORDERING_CLOSED', ORDERING_CLOSED);
        }
        return null;
      };
      const chosen = slotId ? await findSlotOption(tx, slotId, { type: fulfilment, now: startedAt, leadTimeMinutes: lead, timeZone }) : null;
      // A pause refuses the times inside it, or every time when there is no slot to place the order after it.
      if (isPausedFor(current, channel, fulfilment, startedAt, chosen?.start)) throw new DomainError('ORDERING_PAUSED', ORDERING_PAUSED);
      if (slotId) {
        if (!chosen) throw new DomainError('SLOT_REQUIRED', SLOT_REQUIRED);
        const refusal = slotRefusal(chosen.start);
        if (refusal) throw refusal;
      }

      // Totals as the customer will pay them, for the chosen fulfilment (VAT rates and fee depend on it) and,
      // for delivery, the address's zone (its fee and minimum).
      // The coupons valid for this channel and fulfilment only (a takeaway coupon takes nothing off a delivery).
      // The transaction cost is the chosen method's, computed here from the settings, never taken from the client.
      // The cart as read above is already priced so when nothing about it changes (no statement saved otherwise).
      const priced =
        fulfilment !== 'delivery' && cart.shippingMethod === fulfilment && channel === 'web' && !chargesTransactionCost(snapshot.settings, paymentMethod)
          ? cart
          : await cartService.viewRow(
              sessionKey,
              cartRow,
              tx,
              snapshot,
              fulfilment,
              fulfilment === 'delivery' ? shipping.postcode : undefined,
              channel,
              paymentMethod,
            );
      // A code the customer saw take effect and that another order has used up meanwhile refuses the checkout
      // (rather than charging more than the cart showed); the cart then shows it used up, to remove.
      const usedUp = priced.couponsNotApplied.find((c) => c.reason === 'usage_limit');
      if (usedUp) throw new DomainError('COUPON_USAGE_LIMIT', 'Coupon usage limit has been reached.', { coupon: usedUp.coupon.code });
      let distanceKm: string | null = null;
      if (fulfilment === 'delivery') {
        if (!settings.delivery.enabled) throw new DomainError('DELIVERY_UNAVAILABLE', DELIVERY_UNAVAILABLE);
        const check = await checkDelivery(this.deps.distance, shipping, settings.delivery, priced.totals.subtotal);
        distanceKm = check.distanceKm === null ? null : check.distanceKm.toFixed(1);
      }

      // Before anything is taken: the customer confirms the age the strictest line asks for.
      assertAgeConfirmed(
        priced.lines.map((line) => (line.variation ?? line.product).ageLimit),
        request.customer.confirmedAge,
      );
      for (const line of priced.lines) {
        if (line.soldOut !== null) throw new DomainError('SOLD_OUT', soldOutMessage(line.soldOut), { name: line.soldOut, key: line.line.key });
        if ((line.variation ?? line.product).row.stockStatus === 'OUT_OF_STOCK') throw new DomainError('OUT_OF_STOCK', OUT_OF_STOCK);
      }
      await takeStock(
        tx,
        priced.lines
          .map((line) => ({ sellable: (line.variation ?? line.product).row, quantity: line.line.quantity }))
          .filter(({ sellable }) => sellable.manageStock)
          .map(({ sellable, quantity }) => ({ productId: sellable.id, quantity })),
      );

      const who = (billing.email || billing.phone).toLowerCase();
      // Usage is counted here, in the order's transaction, by a conditional UPDATE: when the last use is
      // contested, the row lock lets one checkout through and the others fail with COUPON_USAGE_LIMIT and
      // roll back entirely; their cart then shows the code as used up (docs/decisions/0045-coupons-gift-cards.md).
      for (const { coupon } of priced.coupons) {
        await assertCustomerMayUse(tx, coupon, who);
        const used = await tx
          .update(coupons)
          .set({ usageCount: sql`${coupons.usageCount} + 1` })
          .where(and(eq(coupons.id, coupon.id), or(isNull(coupons.usageLimit), lt(coupons.usageCount, coupons.usageLimit))))
          .returning({ id: coupons.id });
        if (used.length === 0) throw new DomainError('COUPON_USAGE_LIMIT', 'Coupon usage limit has been reached.');
      }

      // What the order takes of its slot: kept on the order so a cancel gives back exactly this.
      const slotLoad = {
        items: priced.lines.reduce((sum, line) => sum + line.line.quantity, 0),
        amount: Math.max(0, priced.totalBeforeGiftCards - priced.totals.shippingTotal - (priced.transactionCost?.total ?? 0)),
      };
      if (chosen) await bookSlot(tx, chosen, slotLoad);
      const slot =
        chosen ??
        (await bookEarliestSlot(
          tx,
          { type: fulfilment, now: startedAt, leadTimeMinutes: lead, timeZone, days: settings.ordering.daysAhead },
          slotLoad,
          slotRefusal,
        ));
      // The order id is reserved (a sequence: no lock) in the statement that empties the cart (the row is
      // locked above, so it is there).
      const [reserved] = await tx
        .update(carts)
        .set({
          lines: [],
          couponCodes: [],
          giftCardCodes: [],
          lastCheckout: sql`jsonb_build_object('fingerprint', ${fingerprint}::text, 'orderId', nextval(pg_get_serial_sequence('orders', 'id')), 'at', ${now.toISOString()}::text)`,
          updatedAt: now,
        })
        .where(eq(carts.sessionKey, sessionKey))
        .returning({ orderId: sql<number>`(${carts.lastCheckout} ->> 'orderId')::int` });
      const orderKey = newOrderKey();
      const totals = priced.totals;
      // Cash is paid rounded to 5 cents (docs/decisions/0080-cash-rounding.md): computed here, from the method and
      // the unrounded total, never taken from the cart the customer saw; the VAT stays the unrounded amounts'.
      const cashRounding = cashRoundingFor(paymentMethod, totals.total);
      const status: OrderStatus = paymentMethod === 'cod' ? 'processing' : 'pending';
      const created = await insertOrder(tx, {
        orderId: Number(reserved!.orderId),
        values: {
          orderKey,
          status,
          sessionKey,
          customerId: request.customer.id ?? null,
          fulfilmentType: fulfilment,
          slotId: slot.slotId,
          slotStart: slot.start,
          slotEnd: slot.end,
          slotItems: slotLoad.items,
          slotAmount: slotLoad.amount,
          pickupDay: localMoment(slot.start, timeZone).date,
          billing,
          shipping,
          shipToDifferentAddress: Boolean(request.customer.shipToDifferentAddress),
          lang: request.customer.language ?? 'nl',
          notifyPhone,
          paymentMethod,
          paymentMethodTitle: paymentTitle,
          customerNote: note,
          subtotal: totals.subtotal,
          discountTotal: totals.discountTotal,
          shippingTotal: totals.shippingTotal,
          totalTax: totals.totalTax,
          total: totals.total + cashRounding,
          cashRounding,
          vatLines: totals.vatLines,
          transactionCost: priced.transactionCost
            ? {
                label: priced.transactionCost.label,
                total: priced.transactionCost.total,
                tax: priced.transactionCost.tax,
                vatRate: priced.transactionCost.vatRate,
              }
            : null,
          couponCodes: priced.coupons.map((c) => c.coupon.code),
          giftCards: priced.giftCards.filter((g) => g.amount > 0).map((g) => ({ id: g.card.id, last4: lastFour(g.card.code), amount: g.amount })),
          distanceKm,
          createdVia: request.createdVia?.slice(0, 40) || 'checkout',
          placedInTestMode: this.deps.testMode?.(snapshot.settings) ?? false,
          metaData: storedMeta(request.metaData),
          createdAt: now,
          updatedAt: now,
        },
        lines: priced.lines.map((line) => ({
          productId: line.product.row.id,
          variationId: line.variation?.row.id ?? null,
          name: (line.variation ?? line.product).row.name.nl,
          sku: (line.variation ?? line.product).row.sku,
          quantity: line.line.quantity,
          unitPrice: line.unitPrice,
          addons: line.line.addons,
          subtotal: line.subtotal,
          total: line.total,
          vatRate: line.vatRate,
          totalTax: line.tax,
          ageLimit: (line.variation ?? line.product).ageLimit,
          allergens: lineAllergens(
            snapshot,
            line.product,
            line.variation,
            line.line.addons.map((a) => a.optionId),
          ),
          // A pot is for food that leaves the shop: dine-in is served on the shop's own plates.
          ownContainer: request.customer.ownContainer === true && fulfilment !== 'dinein' && ownContainerAllowed(snapshot, line.product),
        })),
        // A kiosk order, or one without a slot chosen, is for now; the rest fire their preparation time before the slot.
        // A takeaway customer with the order page can say "Ik kom eraan": an order with a category that waits for
        // it fires at the latest time that still makes its slot until they do (docs/decisions/0082-ik-kom-eraan.md).
        fire: {
          asap: kiosk || !chosen,
          prepMinutes: orderPrepMinutes(
            kitchenSettingsFrom(snapshot.settings),
            priced.lines.map((line) => ({ id: line.product.row.id, categoryIds: line.product.categoryIds })),
          ),
          awaitsArrival:
            !kiosk &&
            fulfilment === 'takeaway' &&
            awaitsArrival(
              kitchenSettingsFrom(snapshot.settings),
              priced.lines.map((line) => ({ categoryIds: line.product.categoryIds })),
            ),
        },
        // A cash order goes to the kitchen now; a card order when its payment is confirmed.
        printTickets: status === 'processing' || request.flags?.printNow === true,
        printSettings: printSettingsFrom(snapshot.settings),
        giftCards: priced.giftCards.filter((g) => g.amount > 0).map((g) => ({ cardId: g.card.id, amount: g.amount })),
        couponIds: priced.coupons.map(({ coupon }) => coupon.id),
        couponCustomer: who,
        paid: false,
      });
      // After numbering: the confirmation mail tells the pickup number.
      await this.deps.afterOrder?.(tx, created);
      return { orderId: created.id, orderKey, repeated: false, order: created };
    });
  }

  /**
   * Lines the caller names (the store API: a till or a phone order): priced from the catalogue, stock and
   * slot place taken, tickets and kitchen event as for any order. The back office is not the customer: it
   * may order while the shop is paused or closed, for the very next slot (no lead time), without the
   * checkout form's billing fields, with the delivery fee it charged, a status of its own and paid already.
   */
  private async fromGivenLines(request: PlaceOrderRequest, given: { given: GivenLine[]; shippingTotal: number }): Promise<Omit<PlacedOrder, 'payment'>> {
    const { timeZone } = this.deps;
    const fulfilment = request.fulfilment ?? 'takeaway';
    const snapshot = await this.deps.carts.snapshot();
    const { lines: priced, totals } = priceGivenLines(snapshot, given.given, fulfilment, given.shippingTotal);
    const paymentMethod = (request.payment.method ?? 'cod').trim() || 'cod';
    // As the back office gave them (no form rules, no default country).
    const billing = { ...EMPTY_ADDRESS, ...request.customer.billing } as Address;
    const shipping = request.customer.shipping ? ({ ...EMPTY_ADDRESS, ...request.customer.shipping } as Address) : billing;
    const status = request.flags?.status ?? 'pending';
    const paid = request.flags?.setPaid === true;
    // A till or phone order paid cash is rounded as any cash payment (docs/decisions/0080-cash-rounding.md).
    const cashRounding = cashRoundingFor(paymentMethod, totals.total);
    return this.deps.db.transaction(async (tx) => {
      const now = this.clock();
      const customerId = request.customer.id ?? null;
      if (customerId) {
        const [customer] = await tx.select({ id: users.id }).from(users).where(eq(users.id, customerId));
        if (!customer) throw new DomainError('INVALID_INPUT', 'Invalid parameter(s): customer_id (no such customer)', { params: ['customer_id'] });
      }
      await takeStock(
        tx,
        priced.filter((p) => p.sellable.row.manageStock).map((p) => ({ productId: p.sellable.row.id, quantity: p.line.quantity })),
      );
      // Stock before the slot, as the checkout takes them (a cancel gives them back in the same order).
      const slot = request.slot ? await findSlotOption(tx, request.slot, { type: fulfilment, now, leadTimeMinutes: 0, timeZone }) : null;
      if (request.slot && !slot) throw new DomainError('SLOT_REQUIRED', SLOT_REQUIRED);
      const slotLoad = {
        items: given.given.reduce((sum, line) => sum + line.quantity, 0),
        amount: Math.max(0, totals.total - totals.shippingTotal),
      };
      if (slot) await bookSlot(tx, slot, slotLoad);
      const slotStart = slot?.start ?? request.slotStart;
      const reserved = (await tx.execute(sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`)) as unknown as {
        rows: Array<{ id: number }>;
      };
      const orderKey = newOrderKey();
      const created = await insertOrder(tx, {
        orderId: Number(reserved.rows[0]!.id),
        values: {
          orderKey,
          status,
          customerId,
          fulfilmentType: fulfilment,
          slotId: slot?.slotId ?? null,
          slotStart: slotStart ?? null,
          slotEnd: slot?.end ?? null,
          slotItems: slot ? slotLoad.items : 0,
          slotAmount: slot ? slotLoad.amount : 0,
          pickupDay: localMoment(slotStart ?? now, timeZone).date,
          billing,
          shipping,
          shipToDifferentAddress: JSON.stringify(billing) !== JSON.stringify(shipping),
          lang: request.customer.language ?? 'nl',
          paymentMethod,
          paymentMethodTitle: request.payment.title || (PAYMENT_METHODS[paymentMethod] ?? paymentMethod),
          transactionId: request.payment.transactionId ?? null,
          datePaid: paid ? now : null,
          customerNote: (request.customer.note ?? '').trim(),
          subtotal: totals.subtotal,
          discountTotal: totals.discountTotal,
          shippingTotal: totals.shippingTotal,
          totalTax: totals.totalTax,
          total: totals.total + cashRounding,
          cashRounding,
          vatLines: totals.vatLines,
          createdVia: request.createdVia?.slice(0, 40) || 'rest-api',
          placedInTestMode: this.deps.testMode?.(snapshot.settings) ?? false,
          metaData: storedMeta(request.metaData),
          createdAt: now,
          updatedAt: now,
        },
        lines: priced.map((p, position) => ({
          productId: p.line.productId,
          variationId: p.line.variationId ?? null,
          name: p.sellable.row.name.nl,
          sku: p.sellable.row.sku,
          quantity: p.line.quantity,
          unitPrice: p.unitPrice,
          subtotal: p.subtotal,
          total: totals.lines[position]!.total,
          vatRate: totals.lines[position]!.vatRate,
          totalTax: totals.lines[position]!.tax,
          // Staff place these orders and check ID themselves at handover: marked, never refused.
          ageLimit: p.sellable.ageLimit,
          allergens: lineAllergens(snapshot, snapshot.products.get(p.line.productId) ?? p.sellable, p.line.variationId ? p.sellable : null, []),
        })),
        // A till or phone order with no time is for now; one with a slot or a time fires before it.
        fire: {
          asap: !slotStart,
          prepMinutes: orderPrepMinutes(
            kitchenSettingsFrom(snapshot.settings),
            priced.map((p) => ({ id: p.line.productId, categoryIds: snapshot.products.get(p.line.productId)?.categoryIds ?? [] })),
          ),
        },
        // Created for the kitchen (processing: paid, or cash), it prints like a web order paid in cash.
        printTickets: status === 'processing' || request.flags?.printNow === true,
        printSettings: printSettingsFrom(snapshot.settings),
        giftCards: [],
        couponIds: [],
        couponCustomer: '',
        paid,
      });
      return { orderId: created.id, orderKey, repeated: false, order: created };
    });
  }
}

function storedMeta(meta: PlaceOrderRequest['metaData']): { key: string; value: string }[] {
  return (meta ?? []).map((m) => ({ key: m.key.slice(0, 100), value: m.value.slice(0, 500) }));
}

function paymentStarted(started: Awaited<ReturnType<PaymentsService['startPayment']>>): PaymentStart {
  return started.success ? { kind: 'started', paymentUrl: started.paymentUrl } : { kind: 'failed', error: started.error };
}
