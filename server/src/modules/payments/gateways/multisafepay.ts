import { createHash } from 'node:crypto';
import { KIOSK_TERMINAL_METHOD, type OrderChannel } from '@bakje/contract';
import type { FulfilmentType } from '../../../db/schema/index.js';
import {
  MSP_DUPLICATE_ORDER_ID,
  MSP_ORDER_NOT_FOUND,
  MultiSafepayClient,
  isCardGatewayId,
  mspGatewayFor,
  verifyNotification,
  type MspCreateOrder,
  type MspOrderStatus,
} from '../../../integrations/multisafepay/multisafepay-client.js';
import type { Lang } from '../../i18n/locale.js';
import type { ObservedStatus, PaymentRequest, ProviderPayment, ProviderResult, RefundRequest } from '../payment-provider.js';
import { cardMethodAllowed, offeredCardMethods, type GatewayView } from '../payment-settings.js';
import { mspAccess, mspReady, PROVIDER_SETTINGS_KEY, providerSettingsFrom, readProviderSettings, type ProviderDefaults } from '../provider-settings.js';
import type { GatewayContext, NotificationReply, NotificationVerdict, PaymentCompletion, PaymentGateway, ProviderNotification } from './gateway.js';

export const MULTISAFEPAY = 'multisafepay';

/** docs/interfaces.md §3: paid only on completed; initialized/uncleared wait; declined/cancelled/expired/void failed. */
export function observedStatusOf(status: MspOrderStatus | string): ObservedStatus {
  switch (status) {
    case 'completed':
    case 'shipped':
    case 'partial_refunded':
      return 'paid';
    case 'declined':
    case 'cancelled':
    case 'expired':
    case 'void':
      return 'failed';
    case 'refunded':
    case 'chargeback':
      return 'refunded';
    default:
      return 'pending';
  }
}

const euros = (cents: number) => (cents / 100).toFixed(2);

/** The card payment order of docs/interfaces.md §3. Cartes Bancaires goes through VISA with the French locale. */
export function mspOrderFor(request: PaymentRequest): MspCreateOrder {
  const c = request.customer;
  // Belgian addresses are written "Street 12": the house number is what follows the street name.
  const address = /^(.*?)\s+(\d+\s*\S*)$/.exec(c.address1.trim());
  const terminal = Boolean(request.terminalId);
  return {
    type: 'redirect',
    order_id: request.providerOrderId,
    gateway: terminal || !isCardGatewayId(request.gateway) ? '' : mspGatewayFor(request.gateway),
    currency: request.currency,
    amount: request.amount,
    description: request.description.slice(0, 200),
    custom_info: { custom_1: request.reference, custom_2: `${request.shippingLabel} ${euros(request.shippingCost)}` },
    payment_options: {
      notification_url: request.notificationUrl,
      notification_method: 'POST',
      ...(terminal ? {} : { redirect_url: request.redirectUrl, cancel_url: request.cancelUrl, close_window: false }),
    },
    customer: {
      locale: request.gateway === 'cartebleue' ? 'fr_FR' : request.locale,
      ...(request.customerIp ? { ip_address: request.customerIp } : {}),
      first_name: c.firstName,
      last_name: c.lastName,
      address1: address ? address[1]! : c.address1,
      address2: c.address2,
      house_number: address ? address[2]! : '',
      zip_code: c.postcode,
      city: c.city,
      country: c.country || 'BE',
      phone: c.phone,
      email: c.email,
    },
    ...(terminal ? { gateway_info: { terminal_id: request.terminalId! } } : {}),
  };
}

/**
 * The client with the key and address of this moment (docs/decisions/0040-provider-keys-stripe-checkout.md):
 * read at each use, so a key changed in the dashboard applies at once. `active`: new payments may start
 * (look-ups of earlier ones go on when the owner turns the provider off).
 */
export type MspClientSource = () => Promise<MspClients | undefined>;

export interface MspClients {
  client: MultiSafepayClient;
  /**
   * The terminal group's key (docs/interfaces.md §3), when it differs from the website's, else the same client:
   * terminal orders are created, looked up and cancelled with it.
   */
  terminalClient: MultiSafepayClient;
  active: boolean;
}

const NOT_CONFIGURED = { success: false as const, error: 'Card payments are not available.', code: 'not_configured' };

/** The settings a gateway built from the stored settings reads (a gateway over one fixed client has none). */
export interface MultiSafepaySettings {
  providerDefaults: ProviderDefaults;
  /**
   * The website key notifications are signed with: from the in-memory copy of the settings, or with `fresh`
   * from the database (before refusing a signature the copy may predate; docs/decisions/0055).
   */
  apiKey: (fresh: boolean) => Promise<string | undefined>;
}

const REPLIES = { ok: 'OK', refused: 'Refused', 'not-found': 'Not found' } as const;

/**
 * MultiSafepay (docs/decisions/0030-card-payments-multisafepay.md): the card methods of the payment settings
 * paid on its hosted page, and the kiosk's card terminal (docs/interfaces.md §3), one provider account.
 */
export class MultiSafepayGateway implements PaymentGateway {
  readonly id = MULTISAFEPAY;
  readonly atProvider = true;
  private readonly source: MspClientSource;

  constructor(
    client: MultiSafepayClient | MspClientSource,
    private readonly settings?: MultiSafepaySettings,
  ) {
    this.source = typeof client === 'function' ? client : () => Promise.resolve({ client, terminalClient: client, active: true });
  }

  completion(method: string): PaymentCompletion {
    return method === KIOSK_TERMINAL_METHOD ? 'terminal' : 'redirect';
  }

  /** On, with a key (the catalogue's copy of the settings). */
  private ready(values: Map<string, unknown>): boolean {
    return !this.settings || mspReady(providerSettingsFrom(values.get(PROVIDER_SETTINGS_KEY)), this.settings.providerDefaults);
  }

  offered(values: Map<string, unknown>, lang: Lang, channel: OrderChannel, fulfilment: FulfilmentType | null): GatewayView[] {
    return this.ready(values) ? offeredCardMethods(values, lang, channel, fulfilment) : [];
  }

  methodTitle(values: Map<string, unknown>, method: string, fulfilment: FulfilmentType, channel: OrderChannel): string | undefined {
    // Only a kiosk order pays on the kiosk's terminal (issue 15).
    if (method === KIOSK_TERMINAL_METHOD) return channel === 'kiosk' ? 'Card terminal' : undefined;
    return this.ready(values) ? cardMethodAllowed(values, method, fulfilment, channel) : undefined;
  }

  /**
   * HMAC-SHA512 of `timestamp:rawBody` with the website key, or the terminal group's key for its terminal
   * orders; the key read again before refusing, in case the owner changed it a moment ago.
   */
  async verifyNotification(notification: ProviderNotification, now: Date): Promise<NotificationVerdict> {
    const apiKey = (await this.settings?.apiKey(false)) ?? (await this.settings?.apiKey(true));
    if (!apiKey) return { kind: 'refuse', reason: 'card payments are not configured', status: 404 };
    const header = notification.headers['auth'];
    const auth = typeof header === 'string' ? header : undefined;
    const verify = (key: string) => verifyNotification(key, auth, notification.rawBody, now);
    let check = verify(apiKey);
    const terminalApiKey = this.settings?.providerDefaults.multisafepay.terminalApiKey;
    if (!check.ok && check.reason === 'signature' && terminalApiKey && terminalApiKey !== apiKey) check = verify(terminalApiKey);
    if (!check.ok && check.reason === 'signature') {
      const stored = await this.settings?.apiKey(true);
      if (stored && stored !== apiKey) check = verify(stored);
    }
    if (!check.ok) return { kind: 'refuse', reason: check.reason, status: check.reason === 'malformed' || check.reason === 'missing' ? 400 : 403 };
    let orderId: string | undefined;
    try {
      const body = JSON.parse(notification.rawBody) as { order_id?: unknown };
      if (typeof body?.order_id === 'string' && body.order_id.length > 0 && body.order_id.length <= 50) orderId = body.order_id;
    } catch {
      orderId = undefined;
    }
    const query = notification.query.transactionid;
    if (!orderId || (query !== undefined && query !== orderId)) return { kind: 'refuse', reason: 'malformed body', status: 400 };
    const fingerprint = createHash('sha256').update(`multisafepay:${check.timestamp}:${check.signature}`).digest('hex');
    return { kind: 'look-up', providerOrderId: orderId, fingerprint };
  }

  /** MultiSafepay's GET notifications are not signed: they only cause a look-up at its API. */
  lookUpRequest(query: Record<string, unknown>): string | undefined {
    const id = query.transactionid;
    return typeof id === 'string' && id.length > 0 && id.length <= 50 ? id : undefined;
  }

  notificationReply(outcome: 'ok' | 'refused' | 'not-found'): NotificationReply {
    return { contentType: 'text/plain; charset=utf-8', body: REPLIES[outcome] };
  }

  async create(request: PaymentRequest): Promise<ProviderResult<{ paymentUrl: string | null }>> {
    const current = await this.source();
    if (!current?.active) return NOT_CONFIGURED;
    const reply = await (request.terminalId ? current.terminalClient : current.client).createOrder(mspOrderFor(request));
    if (!reply.success) {
      return {
        success: false,
        error: reply.errorInfo,
        code: String(reply.errorCode),
        ...(reply.timedOut ? { timedOut: true } : {}),
        ...(reply.errorCode === MSP_DUPLICATE_ORDER_ID ? { duplicate: true } : {}),
      };
    }
    return { success: true, data: { paymentUrl: reply.data.payment_url ?? null } };
  }

  async cancel(providerOrderId: string): Promise<ProviderResult<null>> {
    const current = await this.source();
    if (!current) return NOT_CONFIGURED;
    const reply = await current.terminalClient.cancelOrder(providerOrderId);
    if (!reply.success) return { success: false, error: reply.errorInfo, code: String(reply.errorCode), ...(reply.timedOut ? { timedOut: true } : {}) };
    return { success: true, data: null };
  }

  async find(providerOrderId: string): Promise<ProviderResult<ProviderPayment>> {
    const current = await this.source();
    if (!current) return NOT_CONFIGURED;
    let reply = await current.client.getOrder(providerOrderId);
    // A terminal order belongs to the terminal group's account: the website key does not see it.
    if (!reply.success && reply.errorCode === MSP_ORDER_NOT_FOUND && current.terminalClient !== current.client)
      reply = await current.terminalClient.getOrder(providerOrderId);
    if (!reply.success) {
      return {
        success: false,
        error: reply.errorInfo,
        code: String(reply.errorCode),
        ...(reply.timedOut ? { timedOut: true } : {}),
        ...(reply.errorCode === MSP_ORDER_NOT_FOUND ? { notFound: true } : {}),
      };
    }
    const order = reply.data;
    return {
      success: true,
      data: {
        status: observedStatusOf(order.status),
        providerStatus: String(order.status),
        amount: Number(order.amount),
        currency: String(order.currency),
        transactionId: order.transaction_id === undefined ? null : String(order.transaction_id),
        ...(order.amount_refunded !== undefined ? { amountRefunded: Number(order.amount_refunded) } : {}),
        paymentUrl: order.payment_url ?? null,
      },
    };
  }

  /**
   * MultiSafepay's refund API takes no idempotency key: the refunds module keeps one refund per key on our
   * side and asks the provider once per refund (docs/decisions/0039-refunds.md).
   */
  async refund(request: RefundRequest): Promise<ProviderResult<{ refundId: string }>> {
    const current = await this.source();
    if (!current) return NOT_CONFIGURED;
    const reply = await current.client.refund(request.providerOrderId, request.amount, request.currency, request.description);
    if (!reply.success) {
      return { success: false, error: reply.errorInfo, code: String(reply.errorCode), ...(reply.timedOut ? { timedOut: true } : {}) };
    }
    const id = reply.data.refund_id ?? reply.data.transaction_id;
    return { success: true, data: { refundId: id === undefined ? '' : String(id) } };
  }
}

/**
 * The gateway over the stored settings (docs/decisions/0040): the clients are made at each use with the key
 * and address of that moment; the terminal group's own key (docs/interfaces.md §3) comes from the environment only.
 */
export function multisafepayGateway(context: GatewayContext): MultiSafepayGateway {
  const defaults = context.providerDefaults;
  const msp = defaults.multisafepay;
  const clients: MspClientSource = async () => {
    const stored = await readProviderSettings(context.db);
    const access = mspAccess(stored, defaults);
    if (!access) return undefined;
    const clientFor = (apiKey: string) =>
      new MultiSafepayClient({ apiKey, baseUrl: access.baseUrl, timeoutMs: msp.timeoutMs, ...context.fetchFor(access.baseUrl) });
    const client = clientFor(access.apiKey);
    const terminalClient = msp.terminalApiKey && msp.terminalApiKey !== access.apiKey ? clientFor(msp.terminalApiKey) : client;
    return { client, terminalClient, active: stored.multisafepay.active };
  };
  return new MultiSafepayGateway(clients, {
    providerDefaults: defaults,
    // The catalogue's copy on the acknowledgement's path: no query, and no wait for a reload after an order
    // changed the stock.
    apiKey: async (fresh) =>
      mspAccess(fresh ? await readProviderSettings(context.db) : providerSettingsFrom((await context.cachedSettings()).get(PROVIDER_SETTINGS_KEY)), defaults)
        ?.apiKey,
  });
}
