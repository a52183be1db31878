import type { Address } from '../../db/schema/index.js';

/**
 * What the payments module needs of a payment provider (docs/decisions/0030-card-payments-multisafepay.md).
 * MultiSafepay is the first; Stripe plugs in behind the same interface. Errors are values, never thrown.
 */
export interface PaymentProvider {
  /** Stored on each payment ('multisafepay'). */
  readonly id: string;
  /** Creates the payment at the provider under `providerOrderId` (unique there). */
  create(request: PaymentRequest): Promise<ProviderResult<{ paymentUrl: string | null }>>;
  /** The payment as the provider has it now: the only source of truth about money. */
  find(providerOrderId: string): Promise<ProviderResult<ProviderPayment>>;
  /**
   * Gives `amount` cents of a paid payment back (docs/decisions/0039-refunds.md). `idempotencyKey` is the
   * same for every try of one refund, so a provider that knows it refunds once however often it is asked.
   */
  refund(request: RefundRequest): Promise<ProviderResult<{ refundId: string }>>;
  /** Stops a payment waiting on a card terminal (providers with terminals only). */
  cancel?(providerOrderId: string): Promise<ProviderResult<null>>;
}

export interface RefundRequest {
  providerOrderId: string;
  /** Cents. */
  amount: number;
  currency: string;
  description: string;
  idempotencyKey: string;
}

/** Our reading of the provider's status: paid only when the provider says the money is there. */
export type ObservedStatus = 'pending' | 'failed' | 'paid' | 'refunded';

export interface ProviderPayment {
  status: ObservedStatus;
  /** The provider's own word (completed, uncleared ...). */
  providerStatus: string;
  /** Cents. */
  amount: number;
  currency: string;
  transactionId: string | null;
  /**
   * Cents refunded so far, from a provider whose refund API takes no idempotency key (MultiSafepay): a refund
   * whose answer was lost is settled by it instead of being asked again (docs/decisions/0039-refunds.md).
   */
  amountRefunded?: number;
  /** Where the customer pays, while the payment waits (when the provider tells). */
  paymentUrl?: string | null;
}

export type ProviderResult<T> =
  | { success: true; data: T }
  | { success: false; error: string; code: string; timedOut?: boolean; notFound?: boolean; duplicate?: boolean };

export interface PaymentRequest {
  providerOrderId: string;
  /** Our gateway id (bancontact, visa, ...). */
  gateway: string;
  /** Cents. */
  amount: number;
  currency: string;
  description: string;
  /** The shop language's locale: nl_BE, fr_FR or en_US. */
  locale: string;
  customer: Address;
  customerIp?: string;
  shippingLabel: string;
  /** Cents. */
  shippingCost: number;
  /** Free reference the provider keeps (custom_1): our order key is never sent, the order id is. */
  reference: string;
  notificationUrl: string;
  redirectUrl: string;
  cancelUrl: string;
  /** A kiosk's card terminal: no redirect, the terminal takes the card. */
  terminalId?: string;
}
