/**
 * The API answers in English (docs/product.md §8 texts). The storefront shows them in the visitor's language: known
 * messages map to message ids (with their numbers pulled out); anything else falls back to a generic text.
 */
import { NETWORK_ERROR } from '../api/client';

export interface LocalMessage {
  id: string;
  values?: Record<string, string | number>;
}

const EXACT: Record<string, string> = {
  [NETWORK_ERROR]: 'error.network',
  'You have reached the maximum allowed quantity for this product.': 'cart.error.maxQuantity',
  'Field is required': 'cart.error.required',
  'This add-on choice does not belong to the product.': 'cart.error.addon',
  'This product is out of stock and cannot be added to the cart.': 'cart.error.outOfStock',
  'There is not enough stock of this product for that quantity.': 'cart.error.notEnoughStock',
  'This product cannot be ordered.': 'cart.error.notPurchasable',
  'Please choose the product options before adding it to the cart.': 'cart.error.chooseOptions',
  'Your cart can hold at most 100 lines.': 'cart.error.full',
  'The quantity must be a whole number from 1 to 999.': 'cart.error.quantity',
  'This item is no longer in your cart.': 'cart.error.unknownLine',
  'Your cart is empty.': 'cart.error.empty',
  'This coupon has expired.': 'coupon.error.expired',
  'Coupon usage limit has been reached.': 'coupon.error.limit',
  'The time slot was just booked by someone else; choose another.': 'checkout.error.slotTaken',
  'A valid time slot must be selected before proceeding.': 'checkout.error.slotRequired',
  'Online ordering is not possible at the moment; check the opening hours.': 'ordering.closed',
  'Dine-in is not available at the current time.': 'ordering.dineinClosed',
  'Delivery is not available at the moment.': 'ordering.deliveryClosed',
  'Please provide a complete address to proceed with the delivery.': 'delivery.incomplete',
  'Failed to fetch distance from server': 'delivery.failed',
  'This payment method is not available.': 'checkout.error.payment',
  'Billing First name is a required field.': 'checkout.error.firstName',
  'Billing Last name is a required field.': 'checkout.error.lastName',
  'Billing Phone is a required field.': 'checkout.error.phone',
  'Billing Phone is not a valid phone number.': 'checkout.error.phoneInvalid',
  'Billing Email address is not a valid email address.': 'checkout.error.emailInvalid',
  'We could not find your order': 'order.notFound',
};

const PATTERNS: { re: RegExp; id: string; values: (m: RegExpExecArray) => Record<string, string | number> }[] = [
  { re: /is ([\d.]+) km away and we deliver up to ([\d.]+) km/, id: 'delivery.tooFar', values: (m) => ({ distance: Number(m[1]), maximum: Number(m[2]) }) },
  { re: /minimum order for delivery is €(\d+(?:\.\d+)?)/, id: 'delivery.belowMinimum', values: (m) => ({ minimum: Number(m[1]) }) },
  { re: /minimum spend for this coupon is €(\d+(?:\.\d+)?)/, id: 'coupon.error.minimum', values: (m) => ({ minimum: Number(m[1]) }) },
  { re: /^Coupon "(.*)" does not exist!$/, id: 'coupon.error.unknown', values: (m) => ({ code: m[1] ?? '' }) },
];

export function localMessage(message: string): LocalMessage {
  const exact = EXACT[message];
  if (exact) return { id: exact };
  for (const p of PATTERNS) {
    const m = p.re.exec(message);
    if (m) return { id: p.id, values: p.values(m) };
  }
  return { id: 'error.generic', values: { detail: message } };
}
