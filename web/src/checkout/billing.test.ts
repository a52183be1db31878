import { describe, expect, it } from 'vitest';
import type { AccountQuery, AddressFieldsFragment as Address } from '../account/account.generated';
import { addressKey, checkoutSchema, deliveryAddressOf, EMPTY_BILLING, EMPTY_SHIPPING, prefillBilling, type CheckoutValues } from './billing';

const ok: CheckoutValues = {
  ...EMPTY_BILLING,
  firstName: 'An',
  lastName: 'Peeters',
  phone: '0470 12 34 56',
  fulfilment: 'takeaway',
  paymentMethod: 'cod',
  note: '',
  createAccount: false,
  accountPassword: '',
  shipToDifferentAddress: false,
  ...EMPTY_SHIPPING,
};

/** The message id of each field that fails: its first problem, as the form shows it. */
function problems(values: CheckoutValues): Record<string, string> {
  const result = checkoutSchema.safeParse(values);
  if (result.success) return {};
  const first: Record<string, string> = {};
  for (const issue of result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
}

const address = (fields: Partial<Address>): Address => ({
  firstName: null,
  lastName: null,
  company: null,
  address1: null,
  address2: null,
  city: null,
  state: null,
  postcode: null,
  country: null,
  email: null,
  phone: null,
  ...fields,
});

describe('checkout billing rules', () => {
  it('needs first name, last name and phone; e-mail is optional', () => {
    expect(problems({ ...ok, firstName: '', lastName: ' ', phone: '' })).toEqual({
      firstName: 'form.required',
      lastName: 'form.required',
      phone: 'form.required',
    });
    expect(problems(ok)).toEqual({});
  });
  it('checks the phone and e-mail format like the server', () => {
    expect(problems({ ...ok, phone: 'call me' })).toEqual({ phone: 'checkout.error.phoneInvalid' });
    expect(problems({ ...ok, email: 'an@' })).toEqual({ email: 'checkout.error.emailInvalid' });
    expect(problems({ ...ok, email: 'an@example.be' })).toEqual({});
  });
  it('asks a full address for delivery only, together with the other fields', () => {
    expect(problems({ ...ok, fulfilment: 'delivery' })).toEqual({ address1: 'form.required', postcode: 'form.required', city: 'form.required' });
    expect(problems({ ...ok, fulfilment: 'delivery', firstName: '' })).toMatchObject({ firstName: 'form.required', city: 'form.required' });
    expect(problems({ ...ok, fulfilment: 'delivery', address1: 'Veldstraat 1', postcode: '9000', city: 'Gent' })).toEqual({});
    expect(problems({ ...ok, fulfilment: 'delivery', address1: 'Veldstraat 1', postcode: '9', city: 'Gent' })).toEqual({ postcode: 'checkout.error.postcode' });
  });
  it('asks the shipping address instead of the billing one when the delivery goes to another address', () => {
    const elsewhere = { ...ok, fulfilment: 'delivery' as const, shipToDifferentAddress: true };
    expect(problems(elsewhere)).toEqual({ shippingAddress1: 'form.required', shippingPostcode: 'form.required', shippingCity: 'form.required' });
    expect(problems({ ...elsewhere, shippingAddress1: 'Kouter 5', shippingPostcode: '90', shippingCity: 'Gent' })).toEqual({
      shippingPostcode: 'checkout.error.postcode',
    });
    expect(problems({ ...elsewhere, shippingAddress1: 'Kouter 5', shippingPostcode: '9000', shippingCity: 'Gent' })).toEqual({});
    // Takeaway ignores the box.
    expect(problems({ ...ok, shipToDifferentAddress: true })).toEqual({});
  });
  it('delivers to the shipping address when given, else to the billing address', () => {
    const values = {
      ...ok,
      address1: 'Veldstraat 1',
      postcode: '9000',
      city: 'Gent',
      shippingAddress1: 'Dorp 2',
      shippingPostcode: '9820',
      shippingCity: 'Merelbeke',
    };
    expect(deliveryAddressOf(values)).toEqual({ address1: 'Veldstraat 1', postcode: '9000', city: 'Gent' });
    expect(deliveryAddressOf({ ...values, shipToDifferentAddress: true })).toEqual({ address1: 'Dorp 2', postcode: '9820', city: 'Merelbeke' });
  });
  it('keys an address case- and space-insensitively', () => {
    expect(addressKey({ address1: ' Veldstraat 1', postcode: '9000', city: 'GENT' })).toBe(
      addressKey({ address1: 'veldstraat 1', postcode: '9000 ', city: 'Gent' }),
    );
  });
});

describe('checkout prefill for a logged-in customer', () => {
  const customer = (billing: Address | null, shipping: Address | null): AccountQuery['customer'] => ({
    databaseId: 4,
    firstName: 'Dirk',
    lastName: 'Peeters',
    email: 'dirk@example.be',
    username: 'dirk',
    billing,
    shipping,
  });

  it('starts empty for a guest', () => {
    expect(prefillBilling(null)).toEqual(EMPTY_BILLING);
  });
  it('takes the saved billing address, and the profile where the address has no name or e-mail', () => {
    const billing = address({ address1: 'Korenmarkt 1', postcode: '9000', city: 'Gent', phone: '0470 11 22 33', country: 'BE' });
    expect(prefillBilling(customer(billing, null))).toEqual({
      firstName: 'Dirk',
      lastName: 'Peeters',
      phone: '0470 11 22 33',
      email: 'dirk@example.be',
      address1: 'Korenmarkt 1',
      address2: '',
      postcode: '9000',
      city: 'Gent',
      country: 'BE',
    });
  });
  it('takes the street from the shipping address when the billing address has none', () => {
    const shipping = address({ firstName: 'Els', address1: 'Veldstraat 2', postcode: '9000', city: 'Gent', country: 'NL' });
    expect(prefillBilling(customer(address({ firstName: 'Ann' }), shipping))).toMatchObject({
      firstName: 'Ann',
      address1: 'Veldstraat 2',
      city: 'Gent',
      country: 'NL',
    });
  });
});

describe('creating an account at checkout', () => {
  it('needs an e-mail address and a password that fits the rules, only when asked for', () => {
    expect(problems({ ...ok, accountPassword: 'kort' })).toEqual({});
    expect(problems({ ...ok, createAccount: true })).toEqual({ email: 'checkout.error.emailForAccount', accountPassword: 'form.required' });
    expect(problems({ ...ok, createAccount: true, email: 'an@example.be', accountPassword: 'kort' })).toEqual({
      accountPassword: 'account.error.passwordShort',
    });
    expect(problems({ ...ok, createAccount: true, email: 'an@example.be', accountPassword: 'Frietjes met mayo' })).toEqual({});
  });
});
