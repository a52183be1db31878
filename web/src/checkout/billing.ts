/** Checkout form rules (pure), the same the server applies (docs/product.md §2 Billing details; e-mail optional). */
import type { FulfilmentType } from '../cart/cartApi';
import type { BillingInput } from './checkoutApi';

export type BillingField = keyof BillingInput;
export type BillingErrors = Partial<Record<BillingField, 'required' | 'phone' | 'email' | 'postcode'>>;

const PHONE = /^\+?[0-9 ()./-]{6,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const POSTCODE = /^[0-9A-Za-z -]{4,8}$/;

export const EMPTY_BILLING: BillingInput = { firstName: '', lastName: '', phone: '', email: '', address1: '', address2: '', postcode: '', city: '', country: 'BE' };

/** The fields in form order; the first invalid one gets focus. */
export const FIELD_ORDER: BillingField[] = ['firstName', 'lastName', 'phone', 'email', 'address1', 'address2', 'postcode', 'city', 'country'];

export function validateBilling(billing: BillingInput, fulfilment: FulfilmentType): BillingErrors {
  const errors: BillingErrors = {};
  const v = (k: BillingField) => billing[k].trim();
  if (!v('firstName')) errors.firstName = 'required';
  if (!v('lastName')) errors.lastName = 'required';
  if (!v('phone')) errors.phone = 'required';
  else if (!PHONE.test(v('phone')) || v('phone').replace(/\D/g, '').length < 6) errors.phone = 'phone';
  if (v('email') && !EMAIL.test(v('email'))) errors.email = 'email';
  if (fulfilment === 'delivery') {
    if (!v('address1')) errors.address1 = 'required';
    if (!v('postcode')) errors.postcode = 'required';
    else if (!POSTCODE.test(v('postcode'))) errors.postcode = 'postcode';
    if (!v('city')) errors.city = 'required';
  }
  return errors;
}

export function addressComplete(billing: BillingInput): boolean {
  return Boolean(billing.address1.trim() && billing.postcode.trim() && billing.city.trim());
}

/** The address the distance was checked for; a change asks for a new check and confirmation. */
export function addressKey(billing: BillingInput): string {
  return [billing.address1, billing.postcode, billing.city].map((s) => s.trim().toLowerCase()).join('|');
}
