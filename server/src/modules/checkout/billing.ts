import { z } from 'zod';
import type { Address } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';

export const BILLING_DEFAULTS: Address = {
  firstName: '',
  lastName: '',
  company: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  postcode: '',
  country: 'BE',
  phone: '',
  email: '',
};

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => v ?? '');

/** The billing form of docs/product.md §2: names and phone are needed to call out an order; e-mail is optional. */
export const addressInputSchema = z.object({
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

export function normaliseAddress(input: AddressInput | null | undefined): Address {
  const parsed = addressInputSchema.safeParse(input ?? {});
  if (!parsed.success) throw new DomainError('BILLING_TOO_LONG', 'Some address fields are too long.');
  return { ...BILLING_DEFAULTS, ...parsed.data, country: (parsed.data.country || 'BE').toUpperCase() };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()./-]{6,20}$/;

/** Checks the billing fields a checkout needs; returns the first problem as a customer-facing message. */
export function assertBillingComplete(billing: Address): void {
  if (!billing.firstName) throw new DomainError('BILLING_FIRST_NAME_REQUIRED', 'Billing First name is a required field.');
  if (!billing.lastName) throw new DomainError('BILLING_LAST_NAME_REQUIRED', 'Billing Last name is a required field.');
  if (!billing.phone) throw new DomainError('BILLING_PHONE_REQUIRED', 'Billing Phone is a required field.');
  if (!PHONE.test(billing.phone)) throw new DomainError('BILLING_PHONE_INVALID', 'Billing Phone is not a valid phone number.');
  if (billing.email && !EMAIL.test(billing.email)) throw new DomainError('BILLING_EMAIL_INVALID', 'Billing Email address is not a valid email address.');
}
