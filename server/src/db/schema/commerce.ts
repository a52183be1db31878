import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CouponChannel, CouponDiscountType, FulfilmentType, OrderStatus } from '@bakje/contract';

// Declared in the contract (docs/decisions/0063-layer-rules.md); re-exported for the modules that read them here.
export {
  couponChannels,
  couponDiscountTypes,
  fulfilmentTypes,
  orderStatuses,
  type CouponChannel,
  type CouponDiscountType,
  type FulfilmentType,
  type OrderStatus,
} from '@bakje/contract';

/** One add-on choice on a cart or order line, priced when it was chosen. */
export interface LineAddon {
  fieldId: number;
  optionId: number | null;
  /** Localised field name and chosen label/text at the time of the choice (nl). */
  name: string;
  value: string;
  /** Euro cents per unit (quantity based) or per line (flat fee). */
  price: number;
  priceType: 'flat_fee' | 'quantity_based' | 'percentage_based';
}

export interface CartLine {
  key: string;
  productId: number;
  variationId: number | null;
  quantity: number;
  addons: LineAddon[];
}

export interface GuestDetails {
  firstName?: string;
  lastName?: string;
  email?: string;
  billing: Partial<Address>;
  shipping: Partial<Address>;
}

/** A guest or customer cart, kept in the database so it outlives restarts and instances. */
export const carts = pgTable(
  'carts',
  {
    /** The session's customer id claim: a guest id ("g_...") or "c_<customer id>". */
    sessionKey: text('session_key').primaryKey(),
    lines: jsonb('lines').$type<CartLine[]>().notNull().default([]),
    couponCodes: jsonb('coupon_codes').$type<string[]>().notNull().default([]),
    /** Gift card codes as entered in the coupon field (normalised: upper case, no dashes). */
    giftCardCodes: jsonb('gift_card_codes').$type<string[]>().notNull().default([]),
    shippingMethod: text('shipping_method').$type<FulfilmentType>(),
    /** The last checkout of this session, so that a repeated submit returns the same order. */
    lastCheckout: jsonb('last_checkout').$type<{ fingerprint: string; orderId: number; at: string } | null>(),
    /** A guest's own details (updateCustomer before logging in); a logged-in customer's live on the account. */
    customer: jsonb('customer').$type<GuestDetails | null>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carts_updated_idx').on(t.updatedAt)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Stored lower case; codes are case-insensitive. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    discountType: text('discount_type').$type<CouponDiscountType>().notNull(),
    /** Percent (whole number) or euro cents (per cart, or per unit of each product it applies to). */
    amount: integer('amount').notNull(),
    minimumSpend: integer('minimum_spend'),
    maximumSpend: integer('maximum_spend'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usageLimitPerCustomer: integer('usage_limit_per_customer'),
    usageCount: integer('usage_count').notNull().default(0),
    /** Empty: every product (WooCommerce's product_ids, excluded_product_ids, product_categories, excluded_product_categories). */
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    excludedProductIds: jsonb('excluded_product_ids').$type<number[]>().notNull().default([]),
    categoryIds: jsonb('category_ids').$type<number[]>().notNull().default([]),
    excludedCategoryIds: jsonb('excluded_category_ids').$type<number[]>().notNull().default([]),
    freeShipping: boolean('free_shipping').notNull().default(false),
    individualUse: boolean('individual_use').notNull().default(false),
    /** Where it may be used (docs/decisions/0045-coupons-gift-cards.md); empty: everywhere. */
    channels: jsonb('channels').$type<CouponChannel[]>().notNull().default([]),
    fulfilmentTypes: jsonb('fulfilment_types').$type<FulfilmentType[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.code),
    check('coupons_usage_within_limit', sql`${t.usageCount} >= 0 and (${t.usageLimit} is null or ${t.usageCount} <= ${t.usageLimit})`),
  ],
);

/**
 * Gift cards (docs/decisions/0045-coupons-gift-cards.md). The balance is changed only by a conditional UPDATE
 * that also writes a movement; the CHECK keeps it from going below zero whatever statement writes it.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    /** Upper case, grouped by dashes, e.g. "K7QM-2XRD-9FTB-WN4H"; looked up without dashes or case. */
    code: text('code').notNull(),
    initialAmount: integer('initial_amount').notNull(),
    balance: integer('balance').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    recipientName: text('recipient_name').notNull().default(''),
    recipientEmail: text('recipient_email').notNull().default(''),
    /** 'staff' or the order that bought it (with its line, so a paid order issues each card once). */
    source: text('source').$type<'staff' | 'order'>().notNull().default('staff'),
    orderId: integer('order_id'),
    orderLineId: integer('order_line_id'),
    /** A disabled card cannot be redeemed (lost, sold by mistake); its movements stay. */
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_key').on(t.code),
    index('gift_cards_order_line_idx').on(t.orderLineId),
    check('gift_cards_balance_not_negative', sql`${t.balance} >= 0 and ${t.balance} <= ${t.initialAmount}`),
  ],
);

/** Every change of a gift card's balance: issue (+), redeem (-), refund (+), adjust (±), with the balance after it. */
export const giftCardMovements = pgTable(
  'gift_card_movements',
  {
    id: serial('id').primaryKey(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'issue' | 'redeem' | 'refund' | 'adjust'>().notNull(),
    /** Signed euro cents. */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    orderId: integer('order_id'),
    staffUserId: integer('staff_user_id'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gift_card_movements_card_idx').on(t.giftCardId, t.id), index('gift_card_movements_order_idx').on(t.orderId)],
);

export const couponUsages = pgTable(
  'coupon_usages',
  {
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').notNull(),
    /** Lower-cased billing e-mail, phone or customer key: who used it. */
    customer: text('customer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.orderId] }), index('coupon_usages_customer_idx').on(t.couponId, t.customer)],
);

export interface OrderGiftCard {
  id: number;
  /** The code's last four characters only: the order is shown to staff and on tickets. */
  last4: string;
  /** Euro cents taken from the card. */
  amount: number;
}

export const timeSlots = pgTable('time_slots', {
  id: serial('id').primaryKey(),
  type: text('type').$type<FulfilmentType>().notNull(),
  /** Local wall-clock times in the shop's time zone, "HH:MM". */
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  intervalMinutes: integer('interval_minutes').notNull(),
  maxOrders: integer('max_orders').notNull(),
  /** A one-off slot on this date; null for weekly slots. */
  specificDate: date('specific_date', { mode: 'string' }),
  repeatWeekly: boolean('repeat_weekly').notNull().default(true),
  /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
  repeatDays: jsonb('repeat_days').$type<number[]>().notNull().default([]),
  customMessage: text('custom_message').notNull().default(''),
  isAvailable: boolean('is_available').notNull().default(true),
  /** What fills the slot (docs/decisions/0027-slot-capacity.md): orders (max_orders), items (max_items) or euros (max_amount). */
  capacityMode: text('capacity_mode').$type<SlotCapacityMode>().notNull().default('orders'),
  maxItems: integer('max_items'),
  /** Euro cents of goods (order total without the delivery fee). */
  maxAmount: integer('max_amount'),
  /** Dates (YYYY-MM-DD) on which this slot is blocked once, e.g. a one-off closure of that slot. */
  blockedDates: jsonb('blocked_dates').$type<string[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const slotCapacityModes = ['orders', 'items', 'amount'] as const;
export type SlotCapacityMode = (typeof slotCapacityModes)[number];

/**
 * Booked places per slot time. The checkout increments `booked` with a conditional UPDATE, which takes
 * the row lock: when the last place is contested exactly one transaction wins. The database refuses
 * more bookings than places too (the CHECK), whatever statement writes the row.
 */
export const slotBookings = pgTable(
  'slot_bookings',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => timeSlots.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Orders booked. */
    booked: integer('booked').notNull().default(0),
    /**
     * The limit of the slot's capacity mode when the last place was taken (a CHECK cannot read time_slots);
     * null for the measures the slot does not limit.
     */
    capacity: integer('capacity'),
    itemsBooked: integer('items_booked').notNull().default(0),
    itemsCapacity: integer('items_capacity'),
    /** Euro cents of goods booked. */
    amountBooked: integer('amount_booked').notNull().default(0),
    amountCapacity: integer('amount_capacity'),
  },
  (t) => [
    primaryKey({ columns: [t.slotId, t.startsAt] }),
    check('slot_bookings_booked_within_capacity', sql`${t.booked} >= 0 and (${t.capacity} is null or ${t.booked} <= ${t.capacity})`),
    check('slot_bookings_items_within_capacity', sql`${t.itemsBooked} >= 0 and (${t.itemsCapacity} is null or ${t.itemsBooked} <= ${t.itemsCapacity})`),
    check('slot_bookings_amount_within_capacity', sql`${t.amountBooked} >= 0 and (${t.amountCapacity} is null or ${t.amountBooked} <= ${t.amountCapacity})`),
  ],
);

export interface Address {
  firstName: string;
  lastName: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
  email: string;
}

export interface VatLine {
  rate: number;
  /** VAT included in the lines at this rate, cents. */
  tax: number;
  /** Gross amount at this rate, cents. */
  total: number;
}

/** A surcharge of the payment method (docs/decisions/0048-transaction-cost.md), in cents, VAT included. */
export interface OrderTransactionCost {
  /** The owner's label when the order was placed; empty: the default text in the reader's language. */
  label: string;
  total: number;
  /** Its part of the VAT at `vatRate` (also in `vat_lines`). */
  tax: number;
  vatRate: number;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** 128+ bit random secret: whoever holds it may read the order. */
    orderKey: text('order_key').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    sessionKey: text('session_key'),
    customerId: integer('customer_id'),
    currency: text('currency').notNull().default('EUR'),
    fulfilmentType: text('fulfilment_type').$type<FulfilmentType>().notNull(),
    slotId: integer('slot_id'),
    slotStart: timestamp('slot_start', { withTimezone: true }),
    slotEnd: timestamp('slot_end', { withTimezone: true }),
    /**
     * When the kitchen should start it (docs/decisions/0068-fire-times.md): the slot's start minus the order's
     * preparation time, or when placed. Null: placed before fire times existed (fired).
     */
    fireAt: timestamp('fire_at', { withTimezone: true }),
    /** Placed for "as soon as possible" (kiosk, no slot chosen): the kitchen shows "nu" rather than its slot. */
    asap: boolean('asap').notNull().default(false),
    /**
     * Minutes the kitchen moved the order's time back since it was placed (the kitchen's "later" action,
     * docs/decisions/0081-confirmation-when-and-where.md): the customer is told slot start (or the ASAP estimate)
     * plus these. The slot booking stays on `slotStart`.
     */
    delayMinutes: integer('delay_minutes').notNull().default(0),
    /**
     * The order's preparation time in minutes as set when it was placed, kept so that "Ik kom eraan" can move the
     * fire time to the customer's arrival minus it (docs/decisions/0082-ik-kom-eraan.md). Null: placed before.
     */
    prepMinutes: integer('prep_minutes'),
    /**
     * It holds a product of a category that waits for "Ik kom eraan" before frying: it fired at the latest time
     * that still makes its slot unless the customer says they are coming first (decision 0082).
     */
    awaitsArrival: boolean('awaits_arrival').notNull().default(false),
    /** When the customer said they will be at the counter ("Ik kom eraan"); null: not said. */
    arriveAt: timestamp('arrive_at', { withTimezone: true }),
    /** When the customer said they are at the door ("Ik ben er"); null: not said. */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    /** Where they wait (curbside), as they typed it: plain text, at most ARRIVAL_SPOT_MAX characters. */
    arrivalSpot: text('arrival_spot'),
    /** What the order took of its slot (items and euro cents), given back exactly when it is cancelled. */
    slotItems: integer('slot_items').notNull().default(0),
    slotAmount: integer('slot_amount').notNull().default(0),
    /** Daily number called out at the counter: 1, 2, 3 ... per day in the shop's time zone. */
    pickupNumber: integer('pickup_number').notNull(),
    pickupDay: date('pickup_day', { mode: 'string' }).notNull(),
    billing: jsonb('billing').$type<Address>().notNull(),
    shipping: jsonb('shipping').$type<Address>().notNull(),
    shipToDifferentAddress: boolean('ship_to_different_address').notNull().default(false),
    /** The customer's language when ordering (nl, fr, en): every mail about the order is written in it. */
    lang: text('lang').$type<'nl' | 'fr' | 'en'>().notNull().default('nl'),
    /**
     * The mobile number the customer asked texts about this order at (E.164, checked at checkout), or null: no
     * SMS (docs/decisions/0083-order-notifications-sms.md). Personal data: anonymised with the addresses.
     */
    notifyPhone: text('notify_phone'),
    paymentMethod: text('payment_method').notNull(),
    paymentMethodTitle: text('payment_method_title').notNull(),
    transactionId: text('transaction_id'),
    datePaid: timestamp('date_paid', { withTimezone: true }),
    customerNote: text('customer_note').notNull().default(''),
    /** All amounts in euro cents, VAT included. */
    subtotal: integer('subtotal').notNull(),
    discountTotal: integer('discount_total').notNull().default(0),
    shippingTotal: integer('shipping_total').notNull().default(0),
    totalTax: integer('total_tax').notNull(),
    total: integer('total').notNull(),
    vatLines: jsonb('vat_lines').$type<VatLine[]>().notNull().default([]),
    couponCodes: jsonb('coupon_codes').$type<string[]>().notNull().default([]),
    /** Gift card amounts taken off `total` (a means of payment, not a discount: VAT stays on the goods). */
    giftCards: jsonb('gift_cards').$type<OrderGiftCard[]>().notNull().default([]),
    /** The transaction cost (docs/product.md §3): the payment method's surcharge, included in `total`, `total_tax` and `vat_lines`; null: none. */
    transactionCost: jsonb('transaction_cost').$type<OrderTransactionCost | null>(),
    /**
     * Cash rounding (docs/decisions/0080-cash-rounding.md): what rounding the cash total to 5 cents added to
     * `total` (-2 to +2 cents), 0 for every other payment. Outside VAT: `total_tax` and `vat_lines` are the
     * unrounded amounts'.
     */
    cashRounding: integer('cash_rounding').notNull().default(0),
    distanceKm: text('distance_km'),
    isTestOrder: boolean('is_test_order').notNull().default(false),
    /**
     * Placed while the shop was in test mode (docs/decisions/0070-test-and-live-mode.md): out of the figures,
     * yet made and shown like any order, so a test order reaches the kitchen. `isTestOrder` is the staff's
     * "delete (test)", which hides an order everywhere.
     */
    placedInTestMode: boolean('placed_in_test_mode').notNull().default(false),
    createdVia: text('created_via').notNull().default('checkout'),
    metaData: jsonb('meta_data').$type<{ key: string; value: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the personal data (billing, shipping, note) was replaced: an erasure or the guest retention period. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_order_key_key').on(t.orderKey),
    uniqueIndex('orders_pickup_key').on(t.pickupDay, t.pickupNumber),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_customer_idx').on(t.customerId),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: integer('product_id').notNull(),
    variationId: integer('variation_id'),
    /** Dutch name at the time of the order (kitchen and tickets are in Dutch). */
    name: text('name').notNull(),
    sku: text('sku').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** Unit price without add-ons, cents. */
    unitPrice: integer('unit_price').notNull(),
    addons: jsonb('addons').$type<LineAddon[]>().notNull().default([]),
    /** Line total including add-ons, before order discounts, cents. */
    subtotal: integer('subtotal').notNull(),
    /** Line total after its share of the discount, cents. */
    total: integer('total').notNull(),
    vatRate: integer('vat_rate').notNull(),
    totalTax: integer('total_tax').notNull(),
    /** 16 or 18 when the product was age-restricted at the time of the order: staff check ID at handover. */
    ageLimit: integer('age_limit'),
    /**
     * The EU allergen codes of the product and its chosen add-ons at the time of the order (Annex II order),
     * printed and mailed from here, never from the live catalogue (docs/decisions/0084-allergens-at-the-door-own-container.md).
     */
    allergens: jsonb('allergens').$type<string[]>().notNull().default([]),
    /** The customer brings their own container for this line (its category allowed it and the customer chose it). */
    ownContainer: boolean('own_container').notNull().default(false),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/** Last pickup number handed out per day; incremented under its row lock. */
export const pickupCounters = pgTable('pickup_counters', {
  day: date('day', { mode: 'string' }).primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});
