/**
 * A guest's checkout details for this browser tab's session (issue 31: a reload lost them). Kept in
 * sessionStorage, which the browser drops when the tab closes, and removed once an order is placed. Only what
 * the customer typed about who and where; never the account password, the payment method or the note.
 */
import type { CheckoutValues } from './billing';

const KEY = 'bakje-checkout-details';

export const KEPT_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'address1',
  'address2',
  'postcode',
  'city',
  'shippingFirstName',
  'shippingLastName',
  'shippingAddress1',
  'shippingAddress2',
  'shippingPostcode',
  'shippingCity',
] as const satisfies readonly (keyof CheckoutValues)[];

export type GuestDetails = Partial<Record<(typeof KEPT_FIELDS)[number], string>> & { shipToDifferentAddress?: boolean };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage turned off (a privacy setting): the form simply starts empty.
    return null;
  }
}

/** What this tab kept; anything unreadable or of the wrong shape is ignored. */
export function readGuestDetails(): GuestDetails {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(KEY) ?? 'null');
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object') return {};
  const record = parsed as Record<string, unknown>;
  const details: GuestDetails = {};
  for (const field of KEPT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && value.length <= 500) details[field] = value;
  }
  if (typeof record.shipToDifferentAddress === 'boolean') details.shipToDifferentAddress = record.shipToDifferentAddress;
  return details;
}

/** Keeps the details the form holds now (nothing is stored while every field is empty). */
export function saveGuestDetails(values: Partial<CheckoutValues>): void {
  const store = storage();
  if (!store) return;
  const details: GuestDetails = {};
  for (const field of KEPT_FIELDS) {
    const value = values[field];
    if (typeof value === 'string' && value) details[field] = value;
  }
  if (values.shipToDifferentAddress) details.shipToDifferentAddress = true;
  try {
    if (Object.keys(details).length === 0) store.removeItem(KEY);
    else store.setItem(KEY, JSON.stringify(details));
  } catch {
    // A full storage: the details are only a convenience.
  }
}

/** Forgets the details (an order was placed with them). */
export function clearGuestDetails(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing kept then.
  }
}
