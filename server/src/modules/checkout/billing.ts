import type { Address } from '../../db/schema/index.js';
import { DomainError } from '../../errors/domain-error.js';

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
