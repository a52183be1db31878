import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payments, type PaymentStatus } from '../../db/schema/index.js';
import type { StripeClient, StripePaymentIntent } from '../../integrations/stripe/stripe-client.js';
import { DomainError } from '../../errors/domain-error.js';
import type { Logger } from '../../logger.js';
import type { CartService } from '../cart/cart-service.js';
import type { ObservedStatus } from './payment-provider.js';
import { FIRST_CHECK_MS, type PaymentsService } from './payments-service.js';

export const STRIPE = 'stripe';
/** The checkout `paymentMethod` of a Stripe card payment, and its title on the order. */
export const STRIPE_METHOD_TITLE = 'Credit card (Stripe)';

export const STRIPE_AMOUNT_MISMATCH = 'The amount does not match the cart total.';
export const STRIPE_PAYMENT_NOT_VERIFIED = 'The card payment could not be verified.';

/** docs/interfaces.md §3: paid only on succeeded; a fully refunded charge is refunded; a declined card failed. */
export function observedStripeStatus(intent: StripePaymentIntent): ObservedStatus {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  if (intent.status === 'succeeded') return charge?.refunded ? 'refunded' : 'paid';
  if (intent.status === 'canceled') return 'failed';
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) return 'failed';
  return 'pending';
}

/** What ties an intent to one cart without telling Stripe the session key (a secret of the browser). */
export function cartReference(sessionKey: string): string {
  return createHash('sha256').update(`stripe-cart:${sessionKey}`).digest('hex').slice(0, 32);
}

/** Stripe's client with the keys of this moment (read at each use; docs/decisions/0040). */
export type StripeClientSource = () => Promise<{ client: StripeClient; active: boolean; browser?: StripeBrowserSettings } | undefined>;

/** What the checkout page needs: the publishable key and where Stripe.js comes from. */
export interface StripeBrowserSettings {
  publishableKey: string;
  jsUrl: string;
}

/** The web shop's Stripe card method (paymentGateways); its title on orders stays STRIPE_METHOD_TITLE. */
export const STRIPE_GATEWAY_TITLES = { nl: 'Kaart (Stripe)', fr: 'Carte (Stripe)', en: 'Card (Stripe)' } as const;
export const STRIPE_GATEWAY_DESCRIPTIONS = {
  nl: 'Betaal met je kaart op deze pagina.',
  fr: 'Payez par carte sur cette page.',
  en: 'Pay by card on this page.',
} as const;

export const sourceOf = (client: StripeClient | StripeClientSource): StripeClientSource =>
  typeof client === 'function' ? client : () => Promise.resolve({ client, active: true });

export interface StripeIntentAnswer {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  error: string | null;
}

/**
 * The shop's side of a Stripe payment: an intent for the session's cart as the server prices it, and the
 * checkout's claim that it is paid, believed only after Stripe was asked.
 */
export class StripePayments {
  private readonly source: StripeClientSource;

  constructor(
    private readonly db: Db,
    client: StripeClient | StripeClientSource,
    private readonly carts: CartService,
    readonly service: PaymentsService,
    private readonly log: Logger,
  ) {
    this.source = sourceOf(client);
  }

  /** Whether the shop takes Stripe payments now (the owner has it on, with keys). */
  async available(): Promise<boolean> {
    return (await this.source())?.active === true;
  }

  /** Null while the shop does not take Stripe payments. */
  async browserSettings(): Promise<StripeBrowserSettings | null> {
    const current = await this.source();
    return current?.active && current.browser ? current.browser : null;
  }

  private async client(): Promise<StripeClient> {
    const current = await this.source();
    if (!current?.active) throw new DomainError('STRIPE_NOT_CONFIGURED', 'Stripe is not configured.');
    return current.client;
  }

  async createIntent(
    sessionKey: string,
    amount: number | null | undefined,
    currency: string | null | undefined,
    method: 'PAYMENT' | 'SETUP',
  ): Promise<StripeIntentAnswer> {
    if (method === 'SETUP') throw new DomainError('STRIPE_SETUP_UNSUPPORTED', 'Saving a card for later is not offered.');
    const client = await this.client();
    // Stripe's own transaction cost is part of what the card pays (docs/decisions/0048-transaction-cost.md).
    const cart = await this.carts.view(sessionKey, undefined, undefined, STRIPE);
    if (cart.lines.length === 0) throw new DomainError('CART_EMPTY', 'Your cart is empty.');
    const total = cart.totals.total;
    const shopCurrency = 'eur';
    if ((amount !== null && amount !== undefined && amount !== total) || (currency && currency.toLowerCase() !== shopCurrency)) {
      throw new DomainError('STRIPE_AMOUNT_MISMATCH', STRIPE_AMOUNT_MISMATCH);
    }
    const cart_ = cartReference(sessionKey);
    // The same cart asked for again gets the same intent (Stripe keeps the key 24 h); a changed cart, or
    // the next order of this session, a new one.
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([cart_, total, cart.lines.map((l) => [l.line.key, l.line.quantity, l.total]), cart.lastCheckout?.orderId ?? null]))
      .digest('hex');
    const reply = await client.createPaymentIntent({ amount: total, currency: shopCurrency, metadata: { cart: cart_ } }, `bakje-intent-${fingerprint}`);
    if (!reply.success) {
      this.log.warn({ code: reply.code, timedOut: reply.timedOut ?? false }, 'Stripe payment intent not created');
      throw new DomainError('STRIPE_UNAVAILABLE', 'Card payments are not available right now; try again.');
    }
    return { id: reply.data.id, clientSecret: reply.data.client_secret, amount: reply.data.amount, currency: reply.data.currency, error: null };
  }

  /**
   * Before a Stripe order is made: the intent must be this session's, of the cart's total, not used by
   * another order, and (when the client says it is paid) succeeded, as Stripe says, not as the client does.
   */
  async verifyBeforeCheckout(sessionKey: string, intentId: string | null | undefined, claimsPaid: boolean): Promise<void> {
    if (!intentId || !/^pi_[A-Za-z0-9_]{1,200}$/.test(intentId)) throw new DomainError('STRIPE_PAYMENT_NOT_VERIFIED', STRIPE_PAYMENT_NOT_VERIFIED);
    const reply = await (await this.client()).retrievePaymentIntent(intentId);
    if (!reply.success) {
      if (reply.notFound) throw new DomainError('STRIPE_PAYMENT_NOT_VERIFIED', STRIPE_PAYMENT_NOT_VERIFIED);
      this.log.warn({ code: reply.code, timedOut: reply.timedOut ?? false }, 'Stripe payment intent look-up failed at checkout');
      throw new DomainError('STRIPE_UNAVAILABLE', 'Card payments are not available right now; try again.');
    }
    const intent = reply.data;
    const cart = await this.carts.view(sessionKey, undefined, undefined, STRIPE);
    if (intent.metadata?.cart !== cartReference(sessionKey)) throw new DomainError('STRIPE_PAYMENT_NOT_VERIFIED', STRIPE_PAYMENT_NOT_VERIFIED);
    if (intent.amount !== cart.totals.total || intent.currency.toLowerCase() !== 'eur') throw new DomainError('STRIPE_AMOUNT_MISMATCH', STRIPE_AMOUNT_MISMATCH);
    if (claimsPaid && observedStripeStatus(intent) !== 'paid') throw new DomainError('STRIPE_PAYMENT_NOT_VERIFIED', STRIPE_PAYMENT_NOT_VERIFIED);
    const [used] = await this.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.provider, STRIPE), eq(payments.providerOrderId, intent.id)));
    if (used) throw new DomainError('STRIPE_PAYMENT_NOT_VERIFIED', STRIPE_PAYMENT_NOT_VERIFIED);
  }

  /**
   * The order exists (pending): its payment is recorded and Stripe's word on it goes through the state
   * machine, which marks the order paid only if the intent succeeded with the order's amount and currency.
   */
  async attach(orderId: number, intentId: string, amount: number, currency: string, now: Date): Promise<PaymentStatus | undefined> {
    await this.db
      .insert(payments)
      // Polled like MultiSafepay's while pending (a lost webhook), besides Stripe's own webhook retries.
      .values({
        orderId,
        provider: STRIPE,
        gateway: STRIPE,
        providerOrderId: intentId,
        amount,
        currency,
        nextCheckAt: new Date(now.getTime() + FIRST_CHECK_MS),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(and(eq(payments.provider, STRIPE), eq(payments.providerOrderId, intentId)));
    // Another order took this intent a moment ago: this order stays unpaid.
    if (row?.orderId !== orderId) return undefined;
    const result = await this.service.refresh(intentId).catch((err: unknown) => {
      this.log.warn({ order: orderId, err: err instanceof Error ? err.message : String(err) }, 'Stripe look-up after checkout failed');
      return undefined;
    });
    return result?.status;
  }
}
