/**
 * The API answers in English (docs/product.md §8 texts) with a code (contract/src/error-codes.ts). The storefront shows
 * a problem in the visitor's language by its code, with the numbers from the error's details; a problem
 * without a known code falls back to a generic text that carries the server's words.
 */
import type { ClientErrorCode, ServerProblem } from '../api/client';

export interface LocalMessage {
  id: string;
  values?: Record<string, string | number>;
}

const BY_CODE: Partial<Record<ClientErrorCode, string>> = {
  NETWORK_FAILED: 'error.network',
  MAX_QUANTITY: 'cart.error.maxQuantity',
  FIELD_REQUIRED: 'cart.error.required',
  INVALID_ADDON: 'cart.error.addon',
  OUT_OF_STOCK: 'cart.error.outOfStock',
  NOT_ENOUGH_STOCK: 'cart.error.notEnoughStock',
  NOT_PURCHASABLE: 'cart.error.notPurchasable',
  CHOOSE_VARIATION: 'cart.error.chooseOptions',
  CART_FULL: 'cart.error.full',
  INVALID_QUANTITY: 'cart.error.quantity',
  UNKNOWN_CART_LINE: 'cart.error.unknownLine',
  CART_EMPTY: 'cart.error.empty',
  COUPON_EXPIRED: 'coupon.error.expired',
  COUPON_USAGE_LIMIT: 'coupon.error.limit',
  SLOT_TAKEN: 'checkout.error.slotTaken',
  SLOT_TOO_SMALL: 'checkout.error.slotTooSmall',
  SLOT_REQUIRED: 'checkout.error.slotRequired',
  ORDERING_CLOSED: 'ordering.closed',
  ORDERING_PAUSED: 'ordering.paused',
  DINEIN_CLOSED: 'ordering.dineinClosed',
  DELIVERY_UNAVAILABLE: 'ordering.deliveryClosed',
  INCOMPLETE_ADDRESS: 'delivery.incomplete',
  INVALID_POSTCODE: 'checkout.error.postcode',
  DISTANCE_FAILED: 'delivery.failed',
  PAYMENT_METHOD_UNAVAILABLE: 'checkout.error.payment',
  BILLING_FIRST_NAME_REQUIRED: 'checkout.error.firstName',
  BILLING_LAST_NAME_REQUIRED: 'checkout.error.lastName',
  BILLING_PHONE_REQUIRED: 'checkout.error.phone',
  BILLING_PHONE_INVALID: 'checkout.error.phoneInvalid',
  BILLING_EMAIL_INVALID: 'checkout.error.emailInvalid',
  ORDER_NOT_FOUND: 'order.notFound',
};

const number = (value: unknown) => (typeof value === 'number' ? value : Number(value));

/** Codes whose text has numbers (or a name) in it: taken from the error's details. */
const WITH_VALUES: Partial<Record<ClientErrorCode, { id: string; values: (details: Record<string, unknown>) => Record<string, string | number> }>> = {
  DELIVERY_TOO_FAR: { id: 'delivery.tooFar', values: (d) => ({ distance: number(d.distance), maximum: number(d.maximum) }) },
  DELIVERY_BELOW_MINIMUM: { id: 'delivery.belowMinimum', values: (d) => ({ minimum: number(d.minimum) }) },
  COUPON_MINIMUM_SPEND: { id: 'coupon.error.minimum', values: (d) => ({ minimum: number(d.minimum) }) },
  INVALID_COUPON: { id: 'coupon.error.unknown', values: (d) => ({ code: String(d.coupon ?? '') }) },
  SOLD_OUT: { id: 'cart.error.soldOut', values: (d) => ({ name: String(d.name ?? '') }) },
  AGE_CONFIRMATION_REQUIRED: { id: 'checkout.age.required', values: (d) => ({ age: number(d.age) }) },
};

export function localMessage(problem: ServerProblem): LocalMessage {
  const withValues = problem.code ? WITH_VALUES[problem.code] : undefined;
  if (withValues) return { id: withValues.id, values: withValues.values(problem.details ?? {}) };
  const id = problem.code ? BY_CODE[problem.code] : undefined;
  if (id) return { id };
  return { id: 'error.generic', values: { detail: problem.message } };
}

/** The checkout's slot was booked by someone else meanwhile: the page clears it and reloads the slots. */
export function isSlotTaken(problem: unknown): boolean {
  return typeof problem === 'object' && problem !== null && (problem as ServerProblem).code === 'SLOT_TAKEN';
}
