import type { StaffAddress } from '@bakje/contract';
import { z } from 'zod';
import type { Address } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';

/*
 * An order's or customer's address in every dialect Bakje speaks, converted in one place
 * (docs/decisions/0063-layer-rules.md): the stored `Address` (camelCase, every field text), WooCommerce REST's
 * snake_case (`first_name`, `address_1`; docs/interfaces.md §2), WooGraphQL's camelCase with null for a
 * missing field, and the staff dashboard's `StaffAddress`.
 */

/** The fields in WooCommerce's order, which is the order they are answered in. */
export const ADDRESS_FIELDS = ['firstName', 'lastName', 'company', 'address1', 'address2', 'city', 'state', 'postcode', 'country', 'email', 'phone'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const EMPTY_ADDRESS: Address = {
  firstName: '',
  lastName: '',
  company: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  postcode: '',
  country: '',
  phone: '',
  email: '',
};

const WC_NAMES = {
  firstName: 'first_name',
  lastName: 'last_name',
  company: 'company',
  address1: 'address_1',
  address2: 'address_2',
  city: 'city',
  state: 'state',
  postcode: 'postcode',
  country: 'country',
  email: 'email',
  phone: 'phone',
} as const satisfies Record<AddressField, string>;
export type WcAddressField = (typeof WC_NAMES)[AddressField];
/** An address as WooCommerce REST answers it; shipping addresses carry no e-mail. */
export type WcAddress = Partial<Record<WcAddressField, string>>;

/** The WooCommerce REST shape; a missing field is empty text. */
export function toWcAddress(address: Partial<Address>, options: { withEmail: boolean }): WcAddress {
  const out: WcAddress = {};
  for (const field of ADDRESS_FIELDS) {
    if (field === 'email' && !options.withEmail) continue;
    out[WC_NAMES[field]] = address[field] ?? '';
  }
  return out;
}

/** The fields a WooCommerce REST body gives (already validated), in Bakje's names; absent ones stay absent. */
export function fromWcAddress(body: Partial<Record<WcAddressField, string | undefined>>): Partial<Address> {
  const out: Partial<Address> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = body[WC_NAMES[field]];
    if (value !== undefined) out[field] = value;
  }
  return out;
}

/** WooGraphQL's `CustomerAddress`: every field, null when it was never given. */
export function toGraphqlAddress(address: Partial<Address>): Record<AddressField, string | null> {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, address[field] ?? null])) as Record<AddressField, string | null>;
}

/** The dashboard's order details show everything but the state, which Belgian addresses do not use. */
export function toStaffAddress(address: Address): StaffAddress {
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    postcode: address.postcode,
    country: address.country,
    phone: address.phone,
    email: address.email,
  };
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => v ?? '');

/** The checkout's billing and shipping form (WooGraphQL `CustomerAddressInput`, docs/product.md §2). */
const addressInputSchema = z.object({
  firstName: text(100),
  lastName: text(100),
  company: text(100),
  address1: text(200),
  address2: text(200),
  city: text(100),
  state: text(100),
  postcode: text(20),
  country: text(2),
  phone: text(40),
  email: text(200),
});

export type AddressInput = z.input<typeof addressInputSchema>;

/** A checkout form's address as stored: trimmed, every field present, the country in capitals and Belgium when none is given. */
export function normaliseAddress(input: AddressInput | null | undefined): Address {
  const parsed = addressInputSchema.safeParse(input ?? {});
  if (!parsed.success) throw new DomainError('BILLING_TOO_LONG', 'Some address fields are too long.');
  return { ...EMPTY_ADDRESS, ...parsed.data, country: (parsed.data.country || 'BE').toUpperCase() };
}
