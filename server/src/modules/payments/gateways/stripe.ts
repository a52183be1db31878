import { createHash } from 'node:crypto';
import type { OrderChannel } from '@bakje/contract';
import type { FulfilmentType } from '../../../db/schema/index.js';
import { StripeClient, verifyWebhook, type StripeCharge } from '../../../integrations/stripe/stripe-client.js';
import type { Lang } from '../../i18n/locale.js';
import type { PaymentRequest, ProviderPayment, ProviderResult, RefundRequest } from '../payment-provider.js';
import type { GatewayView } from '../payment-settings.js';
import { PROVIDER_SETTINGS_KEY, providerSettingsFrom, readProviderSettings, stripeAccess, stripeReady, type ProviderDefaults } from '../provider-settings.js';
import {
  observedStripeStatus,
  sourceOf,
  STRIPE,
  STRIPE_GATEWAY_DESCRIPTIONS,
  STRIPE_GATEWAY_TITLES,
  STRIPE_METHOD_TITLE,
  type StripeClientSource,
} from '../stripe-payments.js';
import {
  unsupported,
  type GatewayContext,
  type NotificationReply,
  type NotificationVerdict,
  type PaymentCompletion,
  type PaymentGateway,
  type ProviderNotification,
} from './gateway.js';

/** The events that change a payment (docs/interfaces.md §3); others are acknowledged and ignored. */
const EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded']);

/** What the gateway built from the stored settings reads (a gateway over one fixed client has none). */
export interface StripeSettings {
  providerDefaults: ProviderDefaults;
  /** The webhook endpoint's signing secret (whsec_...), read at each use (docs/decisions/0040). */
  webhookSecret: () => Promise<string | undefined>;
}

/**
 * Stripe (docs/decisions/0038-stripe.md): the web shop's card typed on the checkout page. Its intents are
 * created before the order exists (StripePayments), so `create` is not how a Stripe payment starts; `find`
 * is the only source of truth the state machine takes.
 */
export class StripeGateway implements PaymentGateway {
  readonly id = STRIPE;
  readonly atProvider = true;
  /** The client with the keys of this moment (StripePayments makes and checks intents with it). */
  readonly clients: StripeClientSource;
  // Worked out once per catalogue snapshot (the settings are part of it), not on every request (decision 0057).
  private jsOriginOf: { values: Map<string, unknown>; origin: string | undefined } | undefined;

  constructor(
    client: StripeClient | StripeClientSource,
    private readonly settings?: StripeSettings,
  ) {
    this.clients = sourceOf(client);
  }

  completion(): PaymentCompletion {
    return 'page';
  }

  /** On, with a secret key and the browser's publishable key. */
  private ready(values: Map<string, unknown>): boolean {
    return !this.settings || stripeReady(providerSettingsFrom(values.get(PROVIDER_SETTINGS_KEY)), this.settings.providerDefaults);
  }

  /** The web shop's only: the card is typed on the checkout page. */
  offered(values: Map<string, unknown>, lang: Lang, channel: OrderChannel): GatewayView[] {
    if (channel !== 'web' || !this.ready(values)) return [];
    return [
      {
        id: STRIPE,
        title: STRIPE_GATEWAY_TITLES[lang],
        description: STRIPE_GATEWAY_DESCRIPTIONS[lang],
        icon: '/images/payment/card.svg',
        isMultisafepay: false,
      },
    ];
  }

  methodTitle(values: Map<string, unknown>, method: string, _fulfilment: FulfilmentType, channel: OrderChannel): string | undefined {
    return method === STRIPE && channel === 'web' && this.ready(values) ? STRIPE_METHOD_TITLE : undefined;
  }

  /**
   * The origin Stripe.js is loaded from while Stripe takes payments, for the Content-Security-Policy; a path
   * is this site (the simulator's stand-in), which 'self' covers.
   */
  jsOrigin(values: Map<string, unknown>): string | undefined {
    if (this.jsOriginOf?.values !== values) {
      const stored = providerSettingsFrom(values.get(PROVIDER_SETTINGS_KEY));
      const defaults = this.settings?.providerDefaults;
      const access = defaults && stripeReady(stored, defaults) ? stripeAccess(stored, defaults) : undefined;
      this.jsOriginOf = { values, origin: access && /^https?:\/\//.test(access.jsUrl) ? new URL(access.jsUrl).origin : undefined };
    }
    return this.jsOriginOf.origin;
  }

  /**
   * Stripe-Signature over the raw body; the event itself is never believed: it only says which intent to
   * look up.
   */
  async verifyNotification(notification: ProviderNotification, now: Date): Promise<NotificationVerdict> {
    const webhookSecret = await this.settings?.webhookSecret();
    if (!webhookSecret) return { kind: 'refuse', reason: 'Stripe webhooks are not configured', status: 404 };
    const header = notification.headers['stripe-signature'];
    const check = verifyWebhook(webhookSecret, typeof header === 'string' ? header : undefined, notification.rawBody, now);
    if (!check.ok) return { kind: 'refuse', reason: check.reason, status: check.reason === 'malformed' || check.reason === 'missing' ? 400 : 403 };
    let type: unknown;
    let intentId: unknown;
    try {
      const event = JSON.parse(notification.rawBody) as { type?: unknown; data?: { object?: { id?: unknown; payment_intent?: unknown } } };
      type = event?.type;
      const object = event?.data?.object;
      intentId = type === 'charge.refunded' ? object?.payment_intent : object?.id;
    } catch {
      return { kind: 'refuse', reason: 'malformed body', status: 400 };
    }
    if (typeof type !== 'string' || !EVENTS.has(type)) return { kind: 'ignore' };
    if (typeof intentId !== 'string' || !/^pi_[A-Za-z0-9_]{1,200}$/.test(intentId)) return { kind: 'refuse', reason: 'malformed body', status: 400 };
    const fingerprint = createHash('sha256').update(`${STRIPE}:${check.timestamp}:${check.signature}`).digest('hex');
    return { kind: 'look-up', providerOrderId: intentId, fingerprint };
  }

  notificationReply(outcome: 'ok' | 'refused' | 'not-found'): NotificationReply {
    const body = outcome === 'ok' ? { received: true } : { error: outcome === 'refused' ? 'Refused' : 'Not found' };
    return { contentType: 'application/json; charset=utf-8', body };
  }

  create(_request: PaymentRequest): Promise<ProviderResult<{ paymentUrl: string | null }>> {
    return unsupported('A Stripe payment starts with stripePaymentIntent, before the order.');
  }

  async find(providerOrderId: string): Promise<ProviderResult<ProviderPayment>> {
    const current = await this.clients();
    if (!current) return { success: false, error: 'Stripe is not configured.', code: 'not_configured' };
    const reply = await current.client.retrievePaymentIntent(providerOrderId);
    if (!reply.success) {
      return {
        success: false,
        error: reply.message,
        code: reply.code,
        ...(reply.timedOut ? { timedOut: true } : {}),
        ...(reply.notFound ? { notFound: true } : {}),
      };
    }
    const intent = reply.data;
    return {
      success: true,
      data: {
        status: observedStripeStatus(intent),
        providerStatus: (intent.latest_charge as StripeCharge | null)?.refunded ? 'refunded' : intent.status,
        amount: intent.amount,
        currency: intent.currency,
        transactionId: intent.id,
        paymentUrl: null,
      },
    };
  }

  async refund(request: RefundRequest): Promise<ProviderResult<{ refundId: string }>> {
    const current = await this.clients();
    if (!current) return { success: false, error: 'Stripe is not configured.', code: 'not_configured' };
    const reply = await current.client.refund(request.providerOrderId, request.idempotencyKey, request.amount);
    if (!reply.success) {
      return { success: false, error: reply.message, code: reply.code, ...(reply.timedOut ? { timedOut: true } : {}) };
    }
    return { success: true, data: { refundId: reply.data.id } };
  }
}

/** The gateway over the stored settings (docs/decisions/0040): the client is made at each use with the keys of that moment. */
export function stripeGateway(context: GatewayContext): StripeGateway {
  const defaults = context.providerDefaults;
  const clients: StripeClientSource = async () => {
    const stored = await readProviderSettings(context.db);
    const access = stripeAccess(stored, defaults);
    if (!access) return undefined;
    const client = new StripeClient({
      secretKey: access.secretKey,
      baseUrl: access.baseUrl,
      timeoutMs: defaults.stripe.timeoutMs,
      ...context.fetchFor(access.baseUrl),
    });
    return {
      client,
      active: stripeReady(stored, defaults),
      ...(access.publishableKey ? { browser: { publishableKey: access.publishableKey, jsUrl: access.jsUrl } } : {}),
    };
  };
  return new StripeGateway(clients, {
    providerDefaults: defaults,
    webhookSecret: async () => stripeAccess(await readProviderSettings(context.db), defaults)?.webhookSecret,
  });
}
