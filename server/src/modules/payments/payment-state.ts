import type { PaymentStatus } from '../../db/schema/index.js';
import type { ObservedStatus } from './payment-provider.js';

/**
 * The one payment state machine (docs/decisions/0030-card-payments-multisafepay.md). A status only moves
 * forward in this order, whatever order the provider's news arrives in: pending, failed (a payment that
 * failed can still be completed late by the bank), paid, review (money that needs a person), refunded.
 */
const RANK: Record<PaymentStatus, number> = { pending: 0, failed: 1, paid: 2, review: 3, refunded: 4 };

export function paymentRank(status: PaymentStatus): number {
  return RANK[status];
}

/**
 * The status after the provider was seen with `observed`. A payment whose amount or currency differs from
 * the order's goes to review instead of paid: it is never fulfilled by itself.
 */
export function nextPaymentStatus(current: PaymentStatus, observed: ObservedStatus, amountMatches: boolean): PaymentStatus {
  const candidate: PaymentStatus = observed === 'paid' && !amountMatches ? 'review' : observed;
  return RANK[candidate] > RANK[current] ? candidate : current;
}

/** A payment in one of these needs no more looking up. */
export function isFinalPayment(status: PaymentStatus): boolean {
  return status !== 'pending';
}
