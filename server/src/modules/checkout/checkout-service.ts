import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { carts, couponUsages, coupons, giftCards, orderLines, orders, settings as settingsTable, type FulfilmentType } from '../../db/schema/index.js';
import type { CartService } from '../cart/cart-service.js';
import { assertCustomerMayUse } from '../cart/coupons.js';
import { lastFour, redeemGiftCard } from '../gift-cards/gift-cards.js';
import { DELIVERY_UNAVAILABLE, OUT_OF_STOCK } from '../cart/errors.js';
import type { DistanceProvider } from '../delivery/distance.js';
import { checkDelivery } from '../delivery/delivery-rules.js';
import { DINEIN_CLOSED, ORDERING_CLOSED, isDineInNow, isOpenAt, orderingPossibleOn, withinHours } from '../opening-hours/opening-hours.js';
import { PAUSE_KEY, isPausedFor, leadMinutes, parsePauseState } from '../opening-hours/pause.js';
import { KIOSK_COUNTER_METHOD, KIOSK_TERMINAL_METHOD, type OrderChannel } from '@bakje/contract';
import { newOrderKey } from '../orders/order-key.js';
import { numberOrderAndRecordCreation } from '../order-events/record.js';
import { enqueueOrderTickets } from '../printing/print-jobs.js';
import { printSettingsFrom } from '../printing/print-settings.js';
import { toKitchenOrder } from '../order-events/kitchen-order.js';
import type { OrderWithLines } from '../orders/order-read.js';
import { localMoment } from '../shop-time/shop-time.js';
import { SLOT_REQUIRED, bookEarliestSlot, bookSlot, findSlotOption } from '../slots/time-slots.js';
import { takeStock } from '../stock/stock.js';
import { chargesTransactionCost } from '../cart/transaction-cost.js';
import { DomainError } from '../../errors/domain-error.js';
import type { Lang } from '../i18n/locale.js';
import { normaliseAddress, type AddressInput } from '../addresses/addresses.js';
import { assertBillingComplete } from './billing.js';
import { soldOutMessage } from '../catalog/sold-out.js';

export interface CheckoutRequest {
  sessionKey: string;
  customerId?: number | null;
  paymentMethod?: string | null;
  billing?: AddressInput | null;
  shipping?: AddressInput | null;
  shipToDifferentAddress?: boolean | null;
  shippingMethod?: (string | null)[] | null;
  customerNote?: string | null;
  metaData?: ({ key: string; value: string } | null)[] | null;
  createdVia?: string | null;
  /** Language of the confirmation mail (the customer's shop language). */
  mailLang?: Lang;
  /** When the request arrived: a pause that began later does not refuse it (the order was in flight). */
  startedAt?: Date;
  /** The tickets print with the order although it is not paid yet (a kiosk's counter order, if the shop chooses). */
  printNow?: boolean;
}

/** The kiosk marks its orders (created_via or meta_data channel 'kiosk'); everything else is the web shop. */
export function channelOf(request: Pick<CheckoutRequest, 'createdVia' | 'metaData'>): OrderChannel {
  const meta = request.metaData?.find((m) => m?.key === 'channel')?.value;
  return (meta ?? request.createdVia ?? '').trim().toLowerCase() === 'kiosk' ? 'kiosk' : 'web';
}

/** Runs inside the checkout transaction once the order exists and has its number (e.g. queue its confirmation mail). */
export type AfterOrder = (tx: DbOrTx, order: OrderWithLines, request: CheckoutRequest) => Promise<void>;

/** Whether a card method may pay this order (settings per fulfilment type and channel); its title when it may. */
export type CardMethodCheck = (settings: Map<string, unknown>, id: string, fulfilment: FulfilmentType, channel: OrderChannel) => string | undefined;

export interface CheckoutResult {
  orderId: number;
  orderKey: string;
  /** true when this was a repeat of a checkout that had already succeeded. */
  repeated: boolean;
  /** The order as committed (not given for a repeat). */
  order?: OrderWithLines;
}

const PAYMENT_METHODS: Record<string, string> = { cod: 'Cash' };
/** Only a kiosk order pays on the kiosk's terminal or at the counter (issue 15): both wait unpaid (pending). */
const KIOSK_PAYMENT_METHODS: Record<string, string> = { [KIOSK_TERMINAL_METHOD]: 'Card terminal', [KIOSK_COUNTER_METHOD]: 'Pay at the counter' };
/** A repeated submit within this window returns the order the first one created. */
const REPEAT_WINDOW_MS = 10 * 60_000;
const MAX_NOTE = 1000;

function fingerprintOf(request: CheckoutRequest): string {
  const { sessionKey: _s, ...rest } = request;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

/** `fallback`: what an order that names no fulfilment gets (as-soon-as-possible orders: takeaway). */
function fulfilmentOf(request: CheckoutRequest, cartMethod: FulfilmentType | null, fallback?: FulfilmentType): FulfilmentType {
  const fromMeta = request.metaData?.find((m) => m?.key === 'fulfilment_type')?.value;
  const fromInput = request.shippingMethod?.find((m) => m)?.split(':')[0];
  const value = (fromMeta ?? fromInput ?? cartMethod ?? fallback ?? '').trim().toLowerCase();
  if (value === 'delivery' || value === 'takeaway' || value === 'dinein') return value;
  throw new DomainError('FULFILMENT_REQUIRED', 'Choose delivery, takeaway or dine-in before checking out.');
}

/**
 * Turns the session's cart into an order in one transaction: slot place, stock, coupon use, pickup number,
 * order and lines, emptied cart. Any failure rolls all of it back, so no request can lose an order or
 * double-book a slot; a repeated submit returns the order the first one made.
 */
export class CheckoutService {
  constructor(
    private readonly db: Db,
    private readonly carts: CartService,
    private readonly distance: DistanceProvider,
    private readonly timeZone: string,
    private readonly clock: () => Date = () => new Date(),
    private readonly afterOrder?: AfterOrder,
    private readonly cardMethod?: CardMethodCheck,
  ) {}

  async checkout(request: CheckoutRequest): Promise<CheckoutResult> {
    const fingerprint = fingerprintOf(request);
    // Taken before the transaction: loading a stale snapshot inside it could wait for the connection the
    // transaction holds (PGlite has one), e.g. right after another checkout changed a product's stock.
    const snapshot = await this.carts.snapshot();
    return this.db.transaction(async (tx) => {
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
        .where(eq(carts.sessionKey, request.sessionKey))
        .for('update');
      const { pause: storedPause, ...cartColumns } = locked ?? { pause: undefined };
      const cartRow = locked ? (cartColumns as typeof carts.$inferSelect) : undefined;
      // The cart's gift cards are locked first (in id order: no deadlock between orders sharing two cards), so
      // the totals below see the balance this order may take, and concurrent orders on one card queue here.
      if (cartRow?.giftCardCodes.length) {
        await tx.select({ id: giftCards.id }).from(giftCards).where(inArray(giftCards.code, cartRow.giftCardCodes)).orderBy(giftCards.id).for('update');
      }
      const cart = await this.carts.viewRow(request.sessionKey, cartRow, tx, snapshot);
      if (cart.lines.length === 0) {
        const last = cartRow?.lastCheckout;
        if (last && last.fingerprint === fingerprint && now.getTime() - new Date(last.at).getTime() < REPEAT_WINDOW_MS) {
          const [existing] = await tx.select({ id: orders.id, orderKey: orders.orderKey }).from(orders).where(eq(orders.id, last.orderId));
          if (existing) return { orderId: existing.id, orderKey: existing.orderKey, repeated: true };
        }
        throw new DomainError('CART_EMPTY', 'Your cart is empty.');
      }

      const settings = cart.settings;
      const slotId = request.metaData?.find((m) => m?.key === 'time_slot')?.value?.trim();
      // WooGraphQL clients know nothing of slots: without one the order is "as soon as possible", when the
      // shop allows it (docs/decisions/0036-woographql-limits.md).
      // A kiosk customer is in the shop: their order is always for now.
      if (!slotId && !settings.ordering.asapOrders && channelOf(request) !== 'kiosk') throw new DomainError('SLOT_REQUIRED', SLOT_REQUIRED);
      const fulfilment = fulfilmentOf(request, cart.shippingMethod, slotId ? undefined : 'takeaway');
      const paymentMethod = (request.paymentMethod ?? 'cod').trim() || 'cod';
      // A card order waits (pending, its slot place held) until the provider says it is paid.
      const kiosk = channelOf(request) === 'kiosk';
      const paymentTitle =
        PAYMENT_METHODS[paymentMethod] ??
        (kiosk ? KIOSK_PAYMENT_METHODS[paymentMethod] : undefined) ??
        this.cardMethod?.(snapshot.settings, paymentMethod, fulfilment, channelOf(request));
      if (!paymentTitle) throw new DomainError('PAYMENT_METHOD_UNAVAILABLE', 'This payment method is not available.');

      const billing = normaliseAddress(request.billing);
      // A kiosk customer gives no name or address: the pickup number is what they are called by.
      if (!kiosk) assertBillingComplete(billing);
      const shipping = request.shipToDifferentAddress ? normaliseAddress(request.shipping) : billing;
      const note = (request.customerNote ?? '').trim();
      if (note.length > MAX_NOTE) throw new DomainError('NOTE_TOO_LONG', `The note may be at most ${MAX_NOTE} characters.`);

      const current = { ...settings, pause: parsePauseState(typeof storedPause === 'string' ? JSON.parse(storedPause) : storedPause) };
      const startedAt = request.startedAt && request.startedAt.getTime() <= now.getTime() ? request.startedAt : now;
      if (isPausedFor(current, channelOf(request), fulfilment, startedAt)) throw new DomainError('ORDERING_CLOSED', ORDERING_CLOSED);

      const lead = leadMinutes(current, startedAt);
      const earliest = new Date(startedAt.getTime() + lead * 60_000);
      if (fulfilment === 'dinein' && !isOpenAt(settings.openingHours, now, this.timeZone, 'dinein')) throw new DomainError('DINEIN_CLOSED', DINEIN_CLOSED);
      /** Whether a slot time may take this order now: open that day and time, dine-in only right now. */
      const slotRefusal = (start: Date): DomainError | null => {
        if (fulfilment === 'dinein' && !isDineInNow(start, earliest, now, this.timeZone)) return new DomainError('DINEIN_CLOSED', DINEIN_CLOSED);
        const day = localMoment(start, this.timeZone).date;
        if (!orderingPossibleOn(settings.openingHours, day, now) || !withinHours(settings.openingHours, start, this.timeZone, fulfilment)) {
          return new DomainError('ORDERING_CLOSED', ORDERING_CLOSED);
        }
        return null;
      };
      const chosen = slotId ? await findSlotOption(tx, slotId, { type: fulfilment, now: startedAt, leadTimeMinutes: lead, timeZone: this.timeZone }) : null;
      if (slotId) {
        if (!chosen) throw new DomainError('SLOT_REQUIRED', SLOT_REQUIRED);
        const refusal = slotRefusal(chosen.start);
        if (refusal) throw refusal;
      }

      // Totals as the customer will pay them, for the chosen fulfilment (VAT rates and fee depend on it) and,
      // for delivery, the address's zone (its fee and minimum).
      // The coupons valid for this channel and fulfilment only (a takeaway coupon takes nothing off a delivery).
      const channel = channelOf(request);
      // The transaction cost is the chosen method's, computed here from the settings, never taken from the client.
      // The cart as read above is already priced so when nothing about it changes (no statement saved otherwise).
      const priced =
        fulfilment !== 'delivery' && cart.shippingMethod === fulfilment && channel === 'web' && !chargesTransactionCost(snapshot.settings, paymentMethod)
          ? cart
          : await this.carts.viewRow(
              request.sessionKey,
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
        const check = await checkDelivery(this.distance, shipping, settings.delivery, priced.totals.subtotal);
        distanceKm = check.distanceKm === null ? null : check.distanceKm.toFixed(1);
      }

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
      // Usage is counted here, in the checkout's transaction, by a conditional UPDATE: when the last use is
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
          { type: fulfilment, now: startedAt, leadTimeMinutes: lead, timeZone: this.timeZone, days: settings.ordering.daysAhead },
          slotLoad,
          slotRefusal,
        ));
      const slotDay = localMoment(slot.start, this.timeZone).date;
      // The per-day pickup counter is one row every checkout of that day updates, and its lock is held until
      // commit: it is taken in the very last statement. The order id is reserved first (a sequence: no
      // lock); the order is written with a placeholder pickup number (minus its id: unique, never a real
      // number, never visible to others before commit) that the last statement replaces.
      // The id is reserved in the statement that empties the cart (the row is locked above, so it is there).
      const [reserved] = await tx
        .update(carts)
        .set({
          lines: [],
          couponCodes: [],
          giftCardCodes: [],
          lastCheckout: sql`jsonb_build_object('fingerprint', ${fingerprint}::text, 'orderId', nextval(pg_get_serial_sequence('orders', 'id')), 'at', ${now.toISOString()}::text)`,
          updatedAt: now,
        })
        .where(eq(carts.sessionKey, request.sessionKey))
        .returning({ orderId: sql<number>`(${carts.lastCheckout} ->> 'orderId')::int` });
      const orderId = Number(reserved!.orderId);
      const orderKey = newOrderKey();
      const totals = priced.totals;
      const [order] = await tx
        .insert(orders)
        .values({
          id: orderId,
          orderKey,
          status: paymentMethod === 'cod' ? 'processing' : 'pending',
          sessionKey: request.sessionKey,
          customerId: request.customerId ?? null,
          fulfilmentType: fulfilment,
          slotId: slot.slotId,
          slotStart: slot.start,
          slotEnd: slot.end,
          slotItems: slotLoad.items,
          slotAmount: slotLoad.amount,
          pickupNumber: -orderId,
          pickupDay: slotDay,
          billing,
          shipping,
          shipToDifferentAddress: Boolean(request.shipToDifferentAddress),
          lang: request.mailLang ?? 'nl',
          paymentMethod,
          paymentMethodTitle: paymentTitle,
          customerNote: note,
          subtotal: totals.subtotal,
          discountTotal: totals.discountTotal,
          shippingTotal: totals.shippingTotal,
          totalTax: totals.totalTax,
          total: totals.total,
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
          metaData: (request.metaData ?? []).flatMap((m) => (m ? [{ key: m.key.slice(0, 100), value: m.value.slice(0, 500) }] : [])),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const lines = await tx
        .insert(orderLines)
        .values(
          priced.lines.map((line, position) => ({
            orderId: order!.id,
            position,
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
          })),
        )
        .returning();
      // A cash order goes to the kitchen now: its tickets are committed with it (a paid card order will
      // enqueue them when the payment is confirmed).
      if (paymentMethod === 'cod' || request.printNow) {
        await enqueueOrderTickets(tx, order!.id, printSettingsFrom(snapshot.settings));
      }
      // Gift cards pay their part under their row locks; a balance spent meanwhile by another order refuses
      // this checkout (nothing is kept), so the customer never pays a different amount than the cart showed.
      for (const { card, amount } of priced.giftCards) {
        if (amount <= 0) continue;
        try {
          await redeemGiftCard(tx, card.id, amount, order!.id, now);
        } catch (error) {
          if (error instanceof DomainError && error.code === 'GIFT_CARD_INSUFFICIENT_BALANCE') {
            throw new DomainError('GIFT_CARD_BALANCE_CHANGED', 'The balance of a gift card in your cart has changed. Please check your cart.');
          }
          throw error;
        }
      }
      if (priced.coupons.length) {
        await tx.insert(couponUsages).values(priced.coupons.map(({ coupon }) => ({ couponId: coupon.id, orderId: order!.id, customer: who })));
      }
      // Last, in the same transaction: the pickup number, and the event by which the kitchen and the displays
      // hear of the order exactly when it exists. The order and lines just written are what the event shows.
      lines.sort((a, b) => a.position - b.position);
      const pickupNumber = await numberOrderAndRecordCreation(tx, toKitchenOrder(order!, lines), slotDay);
      const created: OrderWithLines = { ...order!, pickupNumber, lines };
      // After numbering: the confirmation mail tells the pickup number.
      await this.afterOrder?.(tx, created, request);
      return { orderId: created.id, orderKey, repeated: false, order: created };
    });
  }
}
