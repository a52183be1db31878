/** Checkout form rules, the same the server applies (docs/product.md §2 Billing details; e-mail optional). */
import { z } from 'zod';
import type { AccountQuery, AddressFieldsFragment as Address } from '../account/account.generated';
import { FULFILMENT_TYPES, type FulfilmentType } from '../cart/cartApi';
import type { BillingInput } from './checkoutApi';
import { passwordSchema } from '../account/passwordSchema';

export type BillingField = keyof BillingInput;

const PHONE = /^\+?[0-9 ()./-]{6,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A postcode the form accepts (the server's rule too). */
export const POSTCODE = /^[0-9A-Za-z -]{4,8}$/;

export const EMPTY_BILLING: BillingInput = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  address1: '',
  address2: '',
  postcode: '',
  city: '',
  country: 'BE',
};

/** The delivery address when it is not the billing one (docs/product.md §2 "ship to another address"). */
export interface ShippingInput {
  shippingFirstName: string;
  shippingLastName: string;
  shippingAddress1: string;
  shippingAddress2: string;
  shippingPostcode: string;
  shippingCity: string;
}

export const EMPTY_SHIPPING: ShippingInput = {
  shippingFirstName: '',
  shippingLastName: '',
  shippingAddress1: '',
  shippingAddress2: '',
  shippingPostcode: '',
  shippingCity: '',
};

/** The fields in form order (the shipping ones follow the billing ones). */
export const FIELD_ORDER: (BillingField | keyof ShippingInput)[] = [
  'firstName',
  'lastName',
  'phone',
  'email',
  'address1',
  'address2',
  'postcode',
  'city',
  'country',
  'shippingFirstName',
  'shippingLastName',
  'shippingAddress1',
  'shippingAddress2',
  'shippingPostcode',
  'shippingCity',
];

/** The element id of a form field (focus goes there when it is wrong). */
export function fieldId(field: BillingField | keyof ShippingInput): string {
  return field.startsWith('shipping') ? `shipping-${field.slice('shipping'.length).replace(/^./, (c) => c.toLowerCase())}` : `billing-${field}`;
}

const required = z.string().trim().min(1, 'form.required');

/** The checkout form; messages are message ids (web/src/i18n/messages). Delivery also needs the address. */
export const checkoutSchema = z
  .object({
    fulfilment: z.custom<FulfilmentType>((value) => FULFILMENT_TYPES.includes(value as FulfilmentType)),
    firstName: required,
    lastName: required,
    phone: required.refine((phone) => PHONE.test(phone) && phone.replace(/\D/g, '').length >= 6, 'checkout.error.phoneInvalid'),
    email: z
      .string()
      .trim()
      .refine((email) => !email || EMAIL.test(email), 'checkout.error.emailInvalid'),
    address1: z.string().trim(),
    address2: z.string().trim(),
    postcode: z.string().trim(),
    city: z.string().trim(),
    country: z.string(),
    paymentMethod: z.string(),
    note: z.string().max(500),
    /** A guest may create an account with the order (docs/product.md §2): it needs an e-mail and a password. */
    createAccount: z.boolean(),
    accountPassword: z.string(),
    shipToDifferentAddress: z.boolean(),
    shippingFirstName: z.string().trim(),
    shippingLastName: z.string().trim(),
    shippingAddress1: z.string().trim(),
    shippingAddress2: z.string().trim(),
    shippingPostcode: z.string().trim(),
    shippingCity: z.string().trim(),
  })
  .superRefine((values, context) => {
    if (values.createAccount) {
      if (!values.email) context.addIssue({ code: 'custom', path: ['email'], message: 'checkout.error.emailForAccount' });
      const password = passwordSchema.safeParse(values.accountPassword);
      if (!password.success) context.addIssue({ code: 'custom', path: ['accountPassword'], message: password.error.issues[0]!.message });
    }
    if (values.fulfilment !== 'delivery') return;
    // The address delivered to must be complete: the shipping one when given, else the billing one.
    const fields = values.shipToDifferentAddress
      ? (['shippingAddress1', 'shippingPostcode', 'shippingCity'] as const)
      : (['address1', 'postcode', 'city'] as const);
    for (const field of fields) {
      if (!values[field]) context.addIssue({ code: 'custom', path: [field], message: 'form.required' });
    }
    const postcodeField = fields[1];
    const postcode = values[postcodeField];
    if (postcode && !POSTCODE.test(postcode)) context.addIssue({ code: 'custom', path: [postcodeField], message: 'checkout.error.postcode' });
  });

export type CheckoutValues = z.input<typeof checkoutSchema>;

type AddressValues = Pick<
  CheckoutValues,
  'shipToDifferentAddress' | 'address1' | 'postcode' | 'city' | 'shippingAddress1' | 'shippingPostcode' | 'shippingCity'
>;

/** The address a delivery goes to: the shipping address when the customer gave one, else the billing address. */
export function deliveryAddressOf(values: AddressValues): { address1: string; postcode: string; city: string } {
  return values.shipToDifferentAddress
    ? { address1: values.shippingAddress1, postcode: values.shippingPostcode, city: values.shippingCity }
    : { address1: values.address1, postcode: values.postcode, city: values.city };
}

export function addressComplete(billing: Pick<BillingInput, 'address1' | 'postcode' | 'city'>): boolean {
  return Boolean(billing.address1.trim() && billing.postcode.trim() && billing.city.trim());
}

/** The address the distance was checked for; a change asks for a new check and confirmation. */
export function addressKey(billing: Pick<BillingInput, 'address1' | 'postcode' | 'city'>): string {
  return [billing.address1, billing.postcode, billing.city].map((s) => s.trim().toLowerCase()).join('|');
}

const text = (value: string | null | undefined) => value?.trim() ?? '';

/**
 * The billing details a logged-in customer starts from: their saved billing address, the shipping address
 * when the billing one has no street, and their profile's name and e-mail where the address has none.
 */
export function prefillBilling(customer: AccountQuery['customer']): BillingInput {
  if (!customer) return EMPTY_BILLING;
  const billing: Partial<Address> = customer.billing ?? {};
  const shipping: Partial<Address> = customer.shipping ?? {};
  const street = text(billing.address1) ? billing : text(shipping.address1) ? shipping : billing;
  return {
    firstName: text(billing.firstName) || text(customer.firstName) || text(shipping.firstName),
    lastName: text(billing.lastName) || text(customer.lastName) || text(shipping.lastName),
    phone: text(billing.phone) || text(shipping.phone),
    email: text(billing.email) || text(customer.email),
    address1: text(street.address1),
    address2: text(street.address2),
    postcode: text(street.postcode),
    city: text(street.city),
    country: text(street.country) || EMPTY_BILLING.country,
  };
}
