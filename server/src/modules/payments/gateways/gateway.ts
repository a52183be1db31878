import type { OrderChannel } from '@bakje/contract';
import type { Db } from '../../../db/client.js';
import type { FulfilmentType } from '../../../db/schema/index.js';
import type { FetchLike } from '../../../integrations/multisafepay/multisafepay-client.js';
import type { Lang } from '../../i18n/locale.js';
import type { PaymentProvider } from '../payment-provider.js';
import type { GatewayView } from '../payment-settings.js';
import type { ProviderDefaults } from '../provider-settings.js';

/**
 * Where the customer's payment completes (docs/decisions/0062-payment-gateways-composition-root.md): on the
 * checkout page before the order exists (Stripe), on the provider's page after it (MultiSafepay), on the
 * kiosk's card terminal, or in person (cash, the counter).
 */
export type PaymentCompletion = 'page' | 'redirect' | 'terminal' | 'in-person';

/** A provider's call to our notification URL, as received: the body byte for byte (signatures cover it). */
export interface ProviderNotification {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
}

/**
 * What a gateway makes of a notification. A notification never carries the truth about money: an accepted
 * one only names the payment to look up, and its fingerprint makes the same one again a replay.
 */
export type NotificationVerdict =
  | { kind: 'look-up'; providerOrderId: string; fingerprint: string }
  /** Genuine, but about nothing that changes a payment: acknowledged and dropped. */
  | { kind: 'ignore' }
  /** `not-configured`: the gateway takes no notifications now (answered 404); else refused (400 or 403). */
  | { kind: 'refuse'; reason: string; status: 400 | 403 | 404 };

/** How a gateway answers its provider: each provider expects its own body (text, JSON). */
export interface NotificationReply {
  contentType: string;
  body: string | Record<string, unknown>;
}

/**
 * One way a shop takes money. Every gateway answers the same questions; the provider calls (create, find,
 * refund) are the `PaymentProvider` the one payment state machine (`PaymentsService`) drives, so a gateway
 * whose money does not move at a provider (cash) answers them with an `unsupported` error and gets no
 * payments service.
 */
export interface PaymentGateway extends PaymentProvider {
  /** `payments.provider` of its payments, and `{provider}` in /api/payments/{provider}/notification. */
  readonly id: string;
  /** True when money moves at a provider: its payments are recorded, looked up and reconciled. */
  readonly atProvider: boolean;
  /** Where a payment by `method` (one this gateway takes) completes. */
  completion(method: string): PaymentCompletion;
  /**
   * The methods offered to a customer on `channel` for `fulfilment` (every type when none is chosen yet),
   * from the catalogue's copy of the settings (`settings` table rows by key).
   */
  offered(settings: Map<string, unknown>, lang: Lang, channel: OrderChannel, fulfilment: FulfilmentType | null): GatewayView[];
  /** Whether checkout may take `method` for this order; the title it gets on the order when it may. */
  methodTitle(settings: Map<string, unknown>, method: string, fulfilment: FulfilmentType, channel: OrderChannel): string | undefined;
  /** Checks a signed POST to the notification URL with the gateway's own scheme; absent: none are taken. */
  verifyNotification?(notification: ProviderNotification, now: Date): Promise<NotificationVerdict>;
  /** An unsigned GET to the notification URL (only a reason to look up); the payment it names, if valid. */
  lookUpRequest?(query: Record<string, unknown>): string | undefined;
  /** The answer its provider expects (with verifyNotification). */
  notificationReply?(outcome: 'ok' | 'refused' | 'not-found'): NotificationReply;
}

/** What the gateways are built from, once, by `buildGateways`. */
export interface GatewayContext {
  db: Db;
  /** The environment's provider settings, under what the owner stores (docs/decisions/0040). */
  providerDefaults: ProviderDefaults;
  /** The catalogue's in-memory copy of the settings, kept current by the settings table's NOTIFY. */
  cachedSettings: () => Promise<Map<string, unknown>>;
  /** The HTTP function for a provider address: in-process for a simulator's path. */
  fetchFor: (baseUrl: string) => { fetch?: FetchLike };
}

/** A provider call a gateway does not make (cash has nothing to create; a Stripe payment starts in the browser). */
export const unsupported = (error: string) => Promise.resolve({ success: false as const, error, code: 'unsupported' });
