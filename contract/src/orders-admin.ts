import { z } from 'zod';
import type { KitchenOrder } from './kitchen.js';
import type { FulfilmentType, OrderStatus } from './orders.js';

/** The orders page's two lists (docs/decisions/0029-orders-figures.md): the kitchen's windows, or everything else. */
export const staffOrderViews = ['active', 'archived'] as const;
export type StaffOrderView = (typeof staffOrderViews)[number];

/** One row of GET /api/orders. Amounts in euro cents. */
export interface StaffOrderRow {
  id: number;
  pickupNumber: number;
  pickupDay: string;
  status: OrderStatus;
  isTestOrder: boolean;
  fulfilmentType: FulfilmentType;
  slotStart: string | null;
  createdAt: string;
  customerName: string;
  phone: string;
  total: number;
  paymentMethodTitle: string;
}

export interface StaffOrderList {
  orders: StaffOrderRow[];
  total: number;
  page: number;
  perPage: number;
}

export interface StaffAddress {
  firstName: string;
  lastName: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  postcode: string;
  country: string;
  phone: string;
  email: string;
}

/** One change of the order, from its event log (oldest first). */
export interface StaffOrderHistoryEntry {
  at: string;
  type: string;
  /** The action that caused it ('send', 'ready', 'cancel', 'manage', ...), null for the creation. */
  action: string | null;
  from: OrderStatus | null;
  to: OrderStatus;
  reason: string | null;
}

/** GET /api/orders/{id}. */
export interface StaffOrderDetails extends StaffOrderRow {
  orderKey: string;
  slotEnd: string | null;
  updatedAt: string;
  datePaid: string | null;
  billing: StaffAddress;
  shipping: StaffAddress;
  customerNote: string;
  paymentMethod: string;
  subtotal: number;
  discountTotal: number;
  shippingTotal: number;
  /** The transaction cost of docs/product.md §3 (cents, VAT included, in `total`); label empty: the default text. Null: none. */
  transactionCost: { label: string; total: number; tax: number; vatRate: number } | null;
  /** Cash rounding to 5 cents (docs/decisions/0080-cash-rounding.md): cents added to `total` (-2 to +2), outside VAT; 0: none. */
  cashRounding: number;
  totalTax: number;
  couponCodes: string[];
  /**
   * What gift cards paid (a means of payment: `total` is what was left to pay after them, the VAT stays on the
   * whole sale); a card by its code's last four characters only (docs/decisions/0045-coupons-gift-cards.md).
   */
  giftCards: { last4: string; amount: number }[];
  /** VAT per rate: gross (VAT included), VAT and net, in cents. */
  vat: { rate: number; gross: number; tax: number; net: number }[];
  lines: {
    name: string;
    sku: string;
    quantity: number;
    unitPrice: number;
    total: number;
    vatRate: number;
    addons: { name: string; value: string; price: number }[];
  }[];
  channel: 'web' | 'kiosk';
  cancelReason: string | null;
  history: StaffOrderHistoryEntry[];
  /** Money given back on this order, oldest first (docs/decisions/0039-refunds.md). */
  refunds: StaffRefund[];
  /**
   * Cents that can still be refunded: what the card payment took, or a paid cash order's rounded total, minus
   * the refunds; 0 for any other order.
   */
  refundable: number;
  /** A cash order: staff give the money back at the counter, a part rounded to 5 cents (docs/decisions/0084-allergens-at-the-door-own-container.md). */
  refundsInCash: boolean;
}

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatusName = (typeof refundStatuses)[number];

/** One refund of an order (POST /api/orders/{id}/refunds answers it; the order's details list them). */
export interface StaffRefund {
  id: number;
  /** Cents, positive. */
  amount: number;
  reason: string;
  status: RefundStatusName;
  createdAt: string;
  /** Who refunded it, null when unknown (an API key, or a removed account). */
  staffName: string | null;
}

/**
 * POST /api/orders/{id}/refunds (orders.manage): a paid card order's money back through its payment
 * provider. `amount` in cents, all that is left when left out. The same `idempotencyKey` again (a retry, a
 * double click) answers the same refund instead of making a second one.
 */
export const refundInput = z
  .object({
    amount: z.number().int('must be whole cents').positive('must be more than 0').max(100_000_000).optional(),
    reason: z.string().trim().min(3, 'give a reason of at least 3 characters').max(500),
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,100}$/, 'must be 8 to 100 letters, digits, - or _')
      .optional(),
  })
  .strict();
export type RefundInput = z.infer<typeof refundInput>;

/** PUT /api/orders/{id}/status. Cancelling goes through POST /api/orders/{id}/cancel (it needs a reason). */
export const staffStatusInput = z.object({ status: z.enum(['pending', 'processing', 'on-hold', 'completed']) }).strict();
export type StaffStatusInput = z.infer<typeof staffStatusInput>;

/** POST /api/orders/{id}/cancel and POST /api/kitchen/orders/{id}/cancel. */
export const cancelOrderInput = z.object({ reason: z.string().trim().min(3, 'give a reason of at least 3 characters').max(500) }).strict();
export type CancelOrderInput = z.infer<typeof cancelOrderInput>;

/** GET /api/kitchen/orders/later: pre-orders for days after the kitchen's window. */
export interface KitchenLaterOrders {
  orders: KitchenOrder[];
  /** The first and last pickup day covered (YYYY-MM-DD, shop's time zone). */
  from: string;
  to: string;
}
