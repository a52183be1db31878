/** Card payments (docs/decisions/0030-card-payments-multisafepay.md): what the confirmation page reads. */
import type { FulfilmentType } from './orders.js';

export type PaymentStatusName = 'pending' | 'failed' | 'paid' | 'refunded' | 'review';

/** GET /api/payments/orders/{id}?key=... and the answer of POST .../cash. */
export interface PaymentState {
  orderId: number;
  /** The order's status: pending while it waits for the payment, processing once paid (or switched to cash). */
  orderStatus: string;
  paid: boolean;
  paymentMethod: string;
  /** The latest card payment attempt; null when none was started. */
  payment: { status: PaymentStatusName; gateway: string } | null;
}

/** POST /api/payments/orders/{id}/pay: start or resume the card payment. */
export type StartPaymentAnswer = { success: true; paymentUrl: string | null } | { success: false; message: string; error: string };

/** Our card method ids (checkout `paymentMethod`), in the order the dashboard lists them. */
export const cardMethodIds = ['bancontact', 'visa', 'mastercard', 'maestro', 'amex', 'applepay', 'googlepay', 'ideal', 'cartebleue'] as const;
export type CardMethodId = (typeof cardMethodIds)[number];

/** GET|PUT /api/settings/payments (settings.manage): each card method per fulfilment type and channel, and the cut-off. */
export interface PaymentSettingsView {
  /** An order still unpaid this many minutes before its slot is cancelled (0 to 1440). */
  cutoffMinutes: number;
  methods: Record<CardMethodId, { enabled: boolean; fulfilment: FulfilmentType[]; channels: ('web' | 'kiosk')[] }>;
}

/** A stored key as the dashboard sees it: never the key, only whether one is set and its last 4 characters. */
export interface SecretKeyView {
  set: boolean;
  last4: string;
}

/** Where a provider's key comes from: the dashboard, the server's environment, the simulator (demo), or nowhere. */
export type ProviderKeySource = 'settings' | 'environment' | 'simulator' | 'none';

/**
 * GET|PUT /api/settings/payment-providers (settings.manage; docs/decisions/0040-provider-keys-stripe-checkout.md):
 * the active providers, their keys (write-only) and the environment.
 */
export interface PaymentProvidersView {
  /** MultiSafepay's test or live API; Stripe keys must be of the same kind (sk_test_/sk_live_). */
  environment: 'test' | 'live';
  multisafepay: {
    active: boolean;
    apiKey: SecretKeyView;
    source: ProviderKeySource;
    /** Active and with a key: its card methods are offered. */
    ready: boolean;
    /** The API address payments go to now. */
    baseUrl: string;
  };
  stripe: {
    active: boolean;
    secretKey: SecretKeyView;
    publishableKey: SecretKeyView;
    webhookSecret: SecretKeyView;
    source: ProviderKeySource;
    ready: boolean;
  };
}

/**
 * PUT body: every field optional. A key given as a string replaces the stored one; null removes it (the
 * server's environment variable, if any, applies again); absent keeps it.
 */
export interface PaymentProvidersInput {
  environment?: 'test' | 'live';
  multisafepay?: { active?: boolean; apiKey?: string | null };
  stripe?: { active?: boolean; secretKey?: string | null; publishableKey?: string | null; webhookSecret?: string | null };
}

/**
 * The payment methods that may carry a transaction cost (docs/decisions/0048-transaction-cost.md): cash, each
 * MultiSafepay card method, Stripe, and the kiosk's terminal and pay-at-counter. Gift cards carry none.
 */
export const surchargeMethodIds = ['cod', ...cardMethodIds, 'stripe', 'kiosk_terminal', 'kiosk_counter'] as const;
export type SurchargeMethodId = (typeof surchargeMethodIds)[number];
/** The Belgian VAT rates a shop uses; a transaction cost is taxed at one of them (default 21). */
export const surchargeVatRates = [0, 6, 12, 21] as const;
export type SurchargeVatRate = (typeof surchargeVatRates)[number];

/** One method's transaction cost: fixed part and/or percentage, VAT included, and the label on cart and ticket. */
export interface PaymentSurcharge {
  /** Fixed part in euro cents, VAT included (0 or more). */
  fixed: number;
  /** Percentage of the amount the method pays (0 to 100, at most two decimals). */
  percent: number;
  vatRate: SurchargeVatRate;
  /** Shown instead of the default "Transaction cost"; empty: the default in the customer's language. */
  label: string;
}

/** GET|PUT /api/settings/payment-surcharges (settings.manage): every method, zero where there is none. */
export interface PaymentSurchargesView {
  methods: Record<SurchargeMethodId, PaymentSurcharge>;
}
