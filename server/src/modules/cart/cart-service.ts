import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { cashRoundingFor } from '@bakje/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import { carts, type CartLine, type FulfilmentType, type GuestDetails, type LineAddon } from '../../db/schema/index.js';
import type { CatalogService } from '../catalog/catalog-service.js';
import { effectivePrice, isListed, type CatalogSnapshot, type ProductRecord } from '../catalog/snapshot.js';
import { stockStatusOf } from '../catalog/product-query.js';
import { soldOutMessage, soldOutOnLine } from '../catalog/sold-out.js';
import type { Lang } from '../i18n/locale.js';
import { deliveryRuleFor, type DeliveryRule } from '../delivery/delivery-rules.js';
import { isOpenAt, DINEIN_CLOSED } from '../opening-hours/opening-hours.js';
import { shopSettingsFrom, type ShopSettings } from '../settings/shop-settings.js';
import { resolveAddonChoices, lineSubtotal, type AddonChoice } from './addons.js';
import { assertCouponLive, couponsInEffect, findCoupons, minimumSpendMessage, normaliseCode, type CouponRefusal, type CouponRow } from './coupons.js';
import {
  findGiftCards,
  giftCardRefusal,
  isGiftCardProduct,
  lookUpGiftCard,
  looksLikeGiftCard,
  normaliseGiftCardCode,
  type GiftCardRefusal,
  type GiftCardRow,
} from '../gift-cards/gift-cards.js';
import { Throttle } from '../auth/throttle.js';
import type { CouponChannel } from '../../db/schema/index.js';
import {
  BAD_QUANTITY,
  CART_FULL,
  CHOOSE_VARIATION,
  DELIVERY_UNAVAILABLE,
  MAX_QUANTITY_REACHED,
  NOT_ENOUGH_STOCK,
  NOT_PURCHASABLE,
  OUT_OF_STOCK,
  UNKNOWN_LINE,
  UNKNOWN_SHIPPING_METHOD,
} from './errors.js';
import { DomainError } from '../../errors/domain-error.js';
import { computeTotals, type Totals } from './totals.js';
import { transactionCostFor, withTransactionCost, type TransactionCost } from './transaction-cost.js';

export const MAX_CART_LINES = 100;
export const MAX_LINE_QUANTITY = 999;

export type CartRow = typeof carts.$inferSelect;

export interface CartLineView {
  line: CartLine;
  product: ProductRecord;
  variation: ProductRecord | null;
  unitPrice: number;
  subtotal: number;
  total: number;
  tax: number;
  vatRate: number;
  /** The name (Dutch) of what on this line is sold out today, or null (checkout refuses such a line). */
  soldOut: string | null;
}

export interface ShippingRateView {
  id: FulfilmentType;
  label: Record<Lang, string>;
  cost: number;
}

export interface CartView {
  sessionKey: string;
  lines: CartLineView[];
  coupons: { coupon: CouponRow; amount: number }[];
  /** Codes in the cart that take no effect now, and why (the cart tells the customer; docs/product.md §8: no error on apply). */
  couponsNotApplied: { coupon: CouponRow; reason: CouponRefusal }[];
  /** Gift cards in the cart and what each takes from the total (a means of payment: `totals.total` is after them). */
  giftCards: { card: GiftCardRow; amount: number; refusal: GiftCardRefusal | null }[];
  /** The order's value before gift cards (VAT lines add up to this), the transaction cost included. */
  totalBeforeGiftCards: number;
  /** The chosen payment method's surcharge (included in `totals`), null without one or when no method was given. */
  transactionCost: TransactionCost | null;
  /**
   * What paying `totals.total` in cash rounds it by (docs/decisions/0080-cash-rounding.md), NOT included in
   * `totals`: 0 without a cash method. Shown to the customer (GraphQL `Cart.total`, `fees`); the order's own is
   * computed again when it is placed.
   */
  cashRounding: number;
  shippingMethod: FulfilmentType | null;
  rates: ShippingRateView[];
  totals: Totals;
  /** Cents still missing to reach the delivery minimum, when delivery is chosen. */
  deliveryShortfall: number | null;
  /** The delivery minimum and fee for the cart's delivery postcode (its zone's, else the distance rule's). */
  deliveryRule: DeliveryRule;
  settings: ShopSettings;
  lastCheckout: CartRow['lastCheckout'];
}

const RATE_LABELS: Record<FulfilmentType, Record<Lang, string>> = {
  delivery: { nl: 'Levering', fr: 'Livraison', en: 'Delivery' },
  takeaway: { nl: 'Afhalen', fr: 'À emporter', en: 'Takeaway' },
  dinein: { nl: 'Ter plaatse eten', fr: 'Sur place', en: 'Dine-in' },
};

/** The postcodes the checkout accepts (docs/product.md §5: four digits in Belgium, up to eight elsewhere). */
const DELIVERY_POSTCODE = /^[0-9A-Za-z -]{4,8}$/;

function emptyRow(sessionKey: string): CartRow {
  return { sessionKey, lines: [], couponCodes: [], giftCardCodes: [], shippingMethod: null, lastCheckout: null, customer: null, updatedAt: new Date() };
}

function lineKey(productId: number, variationId: number | null, addons: LineAddon[]): string {
  const identity = JSON.stringify([productId, variationId, addons.map((a) => [a.fieldId, a.optionId, a.value])]);
  return createHash('sha256').update(identity).digest('hex').slice(0, 32);
}

export function shippingRates(settings: ShopSettings, postcode?: string | null): ShippingRateView[] {
  const rates: ShippingRateView[] = [];
  if (settings.delivery.enabled) rates.push({ id: 'delivery', label: RATE_LABELS.delivery, cost: deliveryRuleFor(settings.delivery, postcode).fee });
  rates.push({ id: 'takeaway', label: RATE_LABELS.takeaway, cost: 0 });
  rates.push({ id: 'dinein', label: RATE_LABELS.dinein, cost: 0 });
  return rates;
}

/**
 * Prices a cart row against the current catalogue: lines whose product disappeared are dropped.
 * `fulfilment` prices it for another fulfilment than the one chosen (the checkout's).
 */
export function viewCart(
  snapshot: CatalogSnapshot,
  row: CartRow,
  couponRows: CouponRow[],
  now: Date,
  fulfilment: FulfilmentType | null = row.shippingMethod,
  /** The delivery address's postcode: its zone sets the fee and minimum (default: the cart's own details). */
  postcode: string | null = row.customer?.shipping?.postcode || row.customer?.billing?.postcode || null,
  giftCardRows: GiftCardRow[] = [],
  /** Where the cart is used: coupons limited to channels apply only there (CartService.forChannel; the checkout knows it). */
  channel: CouponChannel = 'web',
  /** The payment method the customer chose: its transaction cost is added to the totals. */
  paymentMethod: string | null = null,
): CartView {
  const settings = shopSettingsFrom(snapshot.settings);
  const lines: Omit<CartLineView, 'total' | 'tax' | 'vatRate'>[] = [];
  for (const line of row.lines) {
    const product = snapshot.products.get(line.productId);
    const variation = line.variationId === null ? null : (snapshot.products.get(line.variationId) ?? null);
    if (!product || (line.variationId !== null && !variation)) continue;
    const unitPrice = effectivePrice((variation ?? product).row) ?? 0;
    lines.push({
      line,
      product,
      variation,
      unitPrice,
      subtotal: lineSubtotal(unitPrice, line.quantity, line.addons),
      soldOut: soldOutOnLine(
        product,
        variation,
        line.addons.map((a) => a.optionId),
        snapshot,
      ),
    });
  }
  const rates = shippingRates(settings, postcode);
  const rule = deliveryRuleFor(settings.delivery, postcode);
  const fee = fulfilment === 'delivery' ? rule.fee : 0;
  const subtotal = lines.reduce((s, l) => s + l.subtotal, 0);
  const { applied, refused } = couponsInEffect(couponRows, {
    lines: lines.map((l) => ({
      productId: l.product.row.id,
      variationId: l.variation?.row.id ?? null,
      categoryIds: l.product.categoryIds,
      quantity: l.line.quantity,
      subtotal: l.subtotal,
    })),
    fulfilment,
    channel,
    now,
  });
  const computed = computeTotals(
    lines.map((l) => ({
      subtotal: l.subtotal,
      vatRateTakeaway: (l.variation ?? l.product).row.vatRateTakeaway,
      vatRateOnSite: (l.variation ?? l.product).row.vatRateOnSite,
      outsideVat: isGiftCardProduct(l.product.row.metaData) || (l.variation !== null && isGiftCardProduct(l.variation.row.metaData)),
    })),
    fulfilment ?? 'takeaway',
    applied.map((a) => a.discount),
    fee,
  );
  // Gift cards pay what is left, in the order entered.
  let due = computed.total;
  const cards = giftCardRows.map((card) => {
    const refusal = giftCardRefusal(card, now);
    const amount = refusal ? 0 : Math.min(card.balance, due);
    due -= amount;
    return { card, amount, refusal };
  });
  // The method pays what is left after the gift cards, and its own transaction cost on that.
  const { vatLines, cost } = withTransactionCost(computed.vatLines, transactionCostFor(snapshot.settings, paymentMethod, due));
  const costTotal = cost?.total ?? 0;
  const totals = { ...computed, total: due + costTotal, totalTax: computed.totalTax + (cost?.tax ?? 0), vatLines };
  return {
    sessionKey: row.sessionKey,
    lines: lines.map((l, i) => ({ ...l, total: totals.lines[i]!.total, tax: totals.lines[i]!.tax, vatRate: totals.lines[i]!.vatRate })),
    coupons: applied.map(({ coupon }, i) => ({ coupon, amount: totals.discounts[i]!.amount })),
    couponsNotApplied: refused,
    giftCards: cards,
    totalBeforeGiftCards: computed.total + costTotal,
    transactionCost: cost,
    cashRounding: cashRoundingFor(paymentMethod, totals.total),
    shippingMethod: fulfilment,
    rates,
    totals,
    deliveryShortfall: fulfilment === 'delivery' && subtotal < rule.minimumOrder ? rule.minimumOrder - subtotal : null,
    deliveryRule: rule,
    settings,
    lastCheckout: row.lastCheckout,
  };
}

export interface AddToCartInput {
  productId: number;
  quantity: number;
  variationId?: number | null;
  variation?: { attributeName: string; attributeValue?: string | null }[] | null;
  addons: AddonChoice[];
}

/**
 * The session cart: reads and every change. A change runs in one transaction holding the cart row's
 * lock, so two tabs changing one cart never lose an update; it returns the whole cart afterwards.
 */
export class CartService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly timeZone: string,
    private readonly clock: () => Date = () => new Date(),
    /** Where this service's carts are used: coupons limited to channels are weighed for it (the kiosk's: kiosk). */
    private readonly channel: CouponChannel = 'web',
  ) {
    this.throttle = new Throttle(db, clock);
  }

  private readonly throttle: Throttle;

  /**
   * The same carts as seen from `channel`: a kiosk's cart says at once that a web-only coupon takes no effect
   * there, instead of showing the discount until the checkout drops it (docs/decisions/0045-coupons-gift-cards.md).
   */
  forChannel(channel: CouponChannel): CartService {
    return channel === this.channel ? this : new CartService(this.db, this.catalog, this.timeZone, this.clock, channel);
  }

  /** The cart as it is, or priced for `fulfilment` when given. */
  async view(sessionKey: string, db: DbOrTx = this.db, fulfilment?: FulfilmentType, paymentMethod?: string | null): Promise<CartView> {
    const [row] = await db.select().from(carts).where(eq(carts.sessionKey, sessionKey));
    return this.viewRow(sessionKey, row, db, await this.catalog.get(), fulfilment, undefined, undefined, paymentMethod);
  }

  /**
   * A cart row the caller already read (and maybe locked), priced like `view` does, against `snapshot`:
   * a caller inside a transaction takes the snapshot before it begins (see `change`).
   */
  async viewRow(
    sessionKey: string,
    row: CartRow | undefined,
    db: DbOrTx,
    snapshot: CatalogSnapshot,
    fulfilment?: FulfilmentType,
    postcode?: string | null,
    channel?: CouponChannel,
    paymentMethod?: string | null,
  ): Promise<CartView> {
    const cart = row ?? emptyRow(sessionKey);
    return viewCart(
      snapshot,
      cart,
      await findCoupons(db, cart.couponCodes),
      this.clock(),
      fulfilment ?? cart.shippingMethod,
      postcode ?? undefined,
      await findGiftCards(db, cart.giftCardCodes),
      channel ?? this.channel,
      paymentMethod ?? null,
    );
  }

  /** The current catalogue snapshot (products and shop settings). */
  snapshot(): Promise<CatalogSnapshot> {
    return this.catalog.get();
  }

  /** Runs `change` on the locked cart row and saves what it returns. */
  async change(sessionKey: string, change: (row: CartRow, snapshot: CatalogSnapshot, tx: DbOrTx) => Promise<CartRow> | CartRow): Promise<CartView> {
    // The snapshot before the transaction: loading it may need a connection (or, on PGlite, the one
    // connection, which the transaction holds), so loading it inside could wait forever.
    const snapshot = await this.catalog.get();
    return this.db.transaction(async (tx) => {
      // Creates the row or, when it exists, locks it and reads it: one round trip. The no-op update is what
      // makes ON CONFLICT return (and lock) the existing row.
      const [locked] = await tx
        .insert(carts)
        .values({ sessionKey })
        .onConflictDoUpdate({ target: carts.sessionKey, set: { sessionKey: sql`excluded.session_key` } })
        .returning();
      const next = await change(locked ?? emptyRow(sessionKey), snapshot, tx);
      const [saved] = await tx
        .update(carts)
        .set({
          lines: next.lines,
          couponCodes: next.couponCodes,
          giftCardCodes: next.giftCardCodes,
          shippingMethod: next.shippingMethod,
          lastCheckout: next.lastCheckout,
          customer: next.customer,
          updatedAt: this.clock(),
        })
        .where(eq(carts.sessionKey, sessionKey))
        .returning();
      return this.viewRow(sessionKey, saved!, tx, snapshot);
    });
  }

  addToCart(sessionKey: string, input: AddToCartInput): Promise<{ cart: CartView; key: string }> {
    let key = '';
    return this.change(sessionKey, (row, snapshot) => {
      if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > MAX_LINE_QUANTITY)
        throw new DomainError('INVALID_QUANTITY', BAD_QUANTITY);
      const asked = snapshot.products.get(input.productId);
      // WooCommerce takes a variation's own id as productId (with variationId the same, or absent) and
      // adds that variation of its parent; WooGraphQL storefronts send it that way.
      let product = asked;
      if (asked?.row.type === 'VARIATION' && asked.row.parentId !== null && (!input.variationId || input.variationId === asked.row.id)) {
        product = snapshot.products.get(asked.row.parentId);
        input = { ...input, variationId: asked.row.id, variation: undefined };
      }
      if (
        !product ||
        product.row.type === 'VARIATION' ||
        product.row.status !== 'publish' ||
        (!isListed(product.row) && product.row.catalogVisibility !== 'hidden')
      ) {
        throw new DomainError('NOT_PURCHASABLE', NOT_PURCHASABLE);
      }
      if (product.row.type === 'EXTERNAL' || product.row.type === 'GROUPED') throw new DomainError('NOT_PURCHASABLE', NOT_PURCHASABLE);
      const variation = pickVariation(product, input);
      const sellable = variation ?? product;
      const addons = resolveAddonChoices(snapshot, product, input.addons);
      const soldOut = soldOutOnLine(
        product,
        variation,
        addons.map((a) => a.optionId),
        snapshot,
      );
      if (soldOut !== null) throw new DomainError('SOLD_OUT', soldOutMessage(soldOut), { name: soldOut });
      if (stockStatusOf(sellable) === 'OUT_OF_STOCK') throw new DomainError('OUT_OF_STOCK', OUT_OF_STOCK);
      if (effectivePrice(sellable.row) === null) throw new DomainError('NOT_PURCHASABLE', NOT_PURCHASABLE);

      key = lineKey(product.row.id, variation?.row.id ?? null, addons);
      const existing = row.lines.find((l) => l.key === key);
      const lines = existing
        ? row.lines.map((l) => (l.key === key ? { ...l, quantity: l.quantity + input.quantity } : l))
        : [...row.lines, { key, productId: product.row.id, variationId: variation?.row.id ?? null, quantity: input.quantity, addons }];
      assertQuantityLimits(snapshot, lines, product.row.id);
      if (!existing && row.lines.length >= MAX_CART_LINES) throw new DomainError('CART_FULL', CART_FULL);
      if (existing && existing.quantity + input.quantity > MAX_LINE_QUANTITY) throw new DomainError('INVALID_QUANTITY', BAD_QUANTITY);
      return { ...row, lines };
    }).then((cart) => ({ cart, key }));
  }

  /** A guest's own details (null until updateCustomer set them). */
  async guestDetails(sessionKey: string): Promise<GuestDetails | null> {
    const [row] = await this.db.select({ customer: carts.customer }).from(carts).where(eq(carts.sessionKey, sessionKey));
    return row?.customer ?? null;
  }

  /** Changes a guest's details under the cart row's lock; `update` validates and may throw (nothing is saved). */
  async updateGuestDetails(sessionKey: string, update: (current: GuestDetails | null) => GuestDetails): Promise<GuestDetails> {
    let details: GuestDetails | undefined;
    await this.change(sessionKey, (row) => {
      details = update(row.customer);
      return { ...row, customer: details };
    });
    return details!;
  }

  /** Sets quantities by line key; 0 removes the line. */
  updateQuantities(sessionKey: string, items: { key: string; quantity: number }[]): Promise<CartView> {
    return this.change(sessionKey, (row, snapshot) => {
      let lines = [...row.lines];
      for (const item of items) {
        if (!Number.isInteger(item.quantity) || item.quantity < 0 || item.quantity > MAX_LINE_QUANTITY) throw new DomainError('INVALID_QUANTITY', BAD_QUANTITY);
        const line = lines.find((l) => l.key === item.key);
        if (!line) throw new DomainError('UNKNOWN_CART_LINE', UNKNOWN_LINE);
        lines = item.quantity === 0 ? lines.filter((l) => l.key !== item.key) : lines.map((l) => (l.key === item.key ? { ...l, quantity: item.quantity } : l));
        if (item.quantity > 0) assertQuantityLimits(snapshot, lines, line.productId);
      }
      return { ...row, lines };
    });
  }

  empty(sessionKey: string): Promise<CartView> {
    return this.change(sessionKey, (row) => ({ ...row, lines: [], couponCodes: [], giftCardCodes: [] }));
  }

  /**
   * Applies a coupon code, or a gift card code typed in the same field (docs/decisions/0045-coupons-gift-cards.md).
   * A coupon that exists and is live is kept even when it does not take effect on this cart yet (another
   * fulfilment type, more items): the cart shows whether it does. Gift card look-ups are throttled per
   * `address`.
   */
  async applyCoupon(sessionKey: string, code: string, address = 'unknown'): Promise<CartView> {
    const normalised = normaliseCode(code);
    if (!normalised) throw new DomainError('COUPON_REQUIRED', 'Please enter a coupon code.');
    const [coupon] = await findCoupons(this.db, [normalised]);
    if (!coupon && looksLikeGiftCard(code)) {
      const card = await lookUpGiftCard(this.db, this.throttle, code, address);
      return this.change(sessionKey, (row) => {
        if (row.giftCardCodes.includes(card.code)) throw new DomainError('COUPON_ALREADY_APPLIED', 'Coupon code already applied!');
        return { ...row, giftCardCodes: [...row.giftCardCodes, card.code] };
      });
    }
    return this.change(sessionKey, async (row, snapshot, tx) => {
      if (row.couponCodes.includes(normalised)) throw new DomainError('COUPON_ALREADY_APPLIED', 'Coupon code already applied!');
      const [live] = await findCoupons(tx, [normalised]);
      assertCouponLive(live, code.trim(), this.clock());
      const subtotal = viewCart(snapshot, row, [], this.clock()).totals.subtotal;
      if (live!.minimumSpend !== null && subtotal < live!.minimumSpend) {
        throw new DomainError('COUPON_MINIMUM_SPEND', minimumSpendMessage(live!.minimumSpend), { minimum: (live!.minimumSpend / 100).toFixed(2) });
      }
      // WooCommerce's individual use: this coupon replaces the others.
      return { ...row, couponCodes: live!.individualUse ? [normalised] : [...row.couponCodes, normalised] };
    });
  }

  removeCoupons(sessionKey: string, codes: string[]): Promise<CartView> {
    const remove = new Set(codes.map(normaliseCode));
    const removeCards = new Set(codes.map(normaliseGiftCardCode));
    return this.change(sessionKey, (row) => ({
      ...row,
      couponCodes: row.couponCodes.filter((c) => !remove.has(c)),
      // A gift card is named by its full code or, as the cart shows it, its last four characters.
      giftCardCodes: row.giftCardCodes.filter((c) => !removeCards.has(c) && !removeCards.has(`*${c.slice(-4)}`) && !remove.has(c.toLowerCase())),
    }));
  }

  /**
   * The postcode the checkout delivers to, kept with the cart (as WooCommerce keeps the customer's shipping
   * address in the session) so the cart's fee and minimum are its zone's before the order is placed. An
   * empty postcode forgets it. Saved accounts are not changed.
   */
  setDeliveryPostcode(sessionKey: string, postcode: string): Promise<CartView> {
    const code = postcode.trim();
    if (code && !DELIVERY_POSTCODE.test(code)) throw new DomainError('INVALID_POSTCODE', 'Please enter a valid postcode.');
    return this.change(sessionKey, (row) => {
      const current = row.customer ?? { billing: {}, shipping: {} };
      return { ...row, customer: { ...current, shipping: { ...current.shipping, postcode: code } } };
    });
  }

  setShippingMethod(sessionKey: string, method: string): Promise<CartView> {
    return this.change(sessionKey, (row, snapshot) => {
      const settings = shopSettingsFrom(snapshot.settings);
      const id = method.split(':')[0]!.trim().toLowerCase();
      if (id !== 'delivery' && id !== 'takeaway' && id !== 'dinein') throw new DomainError('UNKNOWN_SHIPPING_METHOD', UNKNOWN_SHIPPING_METHOD);
      if (id === 'delivery' && !settings.delivery.enabled) throw new DomainError('DELIVERY_UNAVAILABLE', DELIVERY_UNAVAILABLE);
      if (id === 'dinein' && !isOpenAt(settings.openingHours, this.clock(), this.timeZone, 'dinein')) throw new DomainError('DINEIN_CLOSED', DINEIN_CLOSED);
      return { ...row, shippingMethod: id };
    });
  }
}

const sumQuantity = (lines: CartLine[], matches: (line: CartLine) => boolean) => lines.filter(matches).reduce((sum, line) => sum + line.quantity, 0);

/**
 * The limits on one product's lines in a cart as it would become: its maximum quantity per order over
 * all its lines, and the managed stock of each of its variations (or of itself).
 */
function assertQuantityLimits(snapshot: CatalogSnapshot, lines: CartLine[], productId: number): void {
  const product = snapshot.products.get(productId);
  if (product?.row.maxQuantity != null && sumQuantity(lines, (l) => l.productId === productId) > product.row.maxQuantity) {
    throw new DomainError('MAX_QUANTITY', MAX_QUANTITY_REACHED);
  }
  const sellableIds = new Set(lines.filter((l) => l.productId === productId).map((l) => l.variationId ?? l.productId));
  for (const id of sellableIds) {
    const sellable = snapshot.products.get(id)?.row;
    if (sellable?.manageStock && sellable.stockQuantity !== null && sumQuantity(lines, (l) => (l.variationId ?? l.productId) === id) > sellable.stockQuantity) {
      throw new DomainError('NOT_ENOUGH_STOCK', NOT_ENOUGH_STOCK);
    }
  }
}

function pickVariation(product: ProductRecord, input: AddToCartInput): ProductRecord | null {
  if (product.row.type !== 'VARIABLE') {
    if (input.variationId) throw new DomainError('NOT_PURCHASABLE', NOT_PURCHASABLE);
    return null;
  }
  let variation: ProductRecord | undefined;
  if (input.variationId) variation = product.variations.find((v) => v.row.id === input.variationId);
  else if (input.variation?.length) {
    variation = product.variations.find((v) =>
      input.variation!.every((a) => v.row.variationAttributes.some((va) => va.name === a.attributeName && va.value === a.attributeValue)),
    );
  }
  if (!variation) throw new DomainError('CHOOSE_VARIATION', CHOOSE_VARIATION);
  if (variation.row.status !== 'publish') throw new DomainError('NOT_PURCHASABLE', NOT_PURCHASABLE);
  return variation;
}
