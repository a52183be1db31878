import type { FulfilmentType } from '../../db/schema/index.js';
import type { Lang } from '../i18n/locale.js';
import { paymentStateOf, promisedTime, type OrderPaymentState } from '../orders/order-promise.js';
import type { OrderRow } from '../orders/order-read.js';
import { parseStoreSettings, STORE_SETTINGS_KEY } from '../settings/store-settings.js';

/**
 * What every mail about an order needs besides the order itself (docs/decisions/0081-confirmation-when-and-where.md):
 * where the order page lives, the shop's time zone, and the shop's address from the store settings (read from
 * the catalogue's snapshot, so the checkout's transaction reads nothing more).
 */
export interface OrderMailContext {
  siteUrl: string;
  timeZone: string;
  /** The shop's address as the store settings hold it (one line); '' when not set. */
  shopAddress: () => string;
}

/** The context from the shop's settings as the catalogue's snapshot last loaded them (`settings`). */
export function orderMailContext(siteUrl: string, timeZone: string, settings: () => Map<string, unknown> | undefined): OrderMailContext {
  return { siteUrl, timeZone, shopAddress: () => parseStoreSettings(settings()?.get(STORE_SETTINGS_KEY)).contact.address ?? '' };
}

/** The facts a confirmation or an update states: when, where, which number, how it is paid, and the link to follow it. */
export interface OrderMailFacts {
  to: string;
  orderId: number;
  pickupNumber: number;
  fulfilment: FulfilmentType;
  /** For "as soon as possible": `start` is the estimate. */
  asap: boolean;
  /** Null: no time known (an order the back office placed for "now" without a slot). */
  time: { start: Date; end: Date | null } | null;
  timeZone: string;
  /** Where a delivery goes (the shipping address), one part per entry; empty for other fulfilments. */
  deliveryAddress: string[];
  /** The shop's address for takeaway and dine-in; '' when the store settings have none. */
  shopAddress: string;
  payment: OrderPaymentState;
  /** `allergens`: the line's EU allergen codes as stored when it was ordered; `ownContainer`: the customer brings a pot. */
  lines: { quantity: number; name: string; totalCents: number; allergens?: readonly string[]; ownContainer?: boolean }[];
  totalCents: number;
  link: string;
}

/** The link that follows the order: its page, opened by its key. */
export function orderLink(siteUrl: string, order: Pick<OrderRow, 'id' | 'orderKey'>): string {
  return `${siteUrl}/checkout/order-received/${order.id}?key=${encodeURIComponent(order.orderKey)}`;
}

export function orderMailFacts(
  order: OrderRow & {
    lines?: readonly { position: number; quantity: number; name: string; total: number; allergens?: readonly string[]; ownContainer?: boolean }[];
  },
  ctx: OrderMailContext,
): OrderMailFacts {
  const lines = [...(order.lines ?? [])].sort((a, b) => a.position - b.position);
  return {
    to: order.billing.email,
    orderId: order.id,
    pickupNumber: order.pickupNumber,
    fulfilment: order.fulfilmentType,
    asap: order.asap,
    time: promisedTime(order),
    timeZone: ctx.timeZone,
    deliveryAddress:
      order.fulfilmentType === 'delivery'
        ? [
            `${order.shipping.firstName} ${order.shipping.lastName}`.trim(),
            [order.shipping.address1, order.shipping.address2].filter(Boolean).join(' '),
            `${order.shipping.postcode} ${order.shipping.city}`.trim(),
          ].filter(Boolean)
        : [],
    shopAddress: order.fulfilmentType === 'delivery' ? '' : ctx.shopAddress().trim(),
    payment: paymentStateOf(order),
    lines: lines.map((l) => ({ quantity: l.quantity, name: l.name, totalCents: l.total, allergens: l.allergens ?? [], ownContainer: l.ownContainer === true })),
    totalCents: order.total,
    link: orderLink(ctx.siteUrl, order),
  };
}

/** The mail's language as a formatting locale: Belgian Dutch and French, English with a 24-hour clock. */
export const mailLocale = (lang: Lang) => ({ nl: 'nl-BE', fr: 'fr-BE', en: 'en-IE' })[lang];
