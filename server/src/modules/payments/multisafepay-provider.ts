import {
  MSP_DUPLICATE_ORDER_ID,
  MSP_ORDER_NOT_FOUND,
  isCardGatewayId,
  mspGatewayFor,
  type MspCreateOrder,
  type MspOrderStatus,
  type MultiSafepayClient,
} from '../../integrations/multisafepay/multisafepay-client.js';
import type { ObservedStatus, PaymentProvider, PaymentRequest, ProviderPayment, ProviderResult, RefundRequest } from './payment-provider.js';

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

export class MultiSafepayProvider implements PaymentProvider {
  readonly id = MULTISAFEPAY;
  private readonly source: MspClientSource;

  constructor(client: MultiSafepayClient | MspClientSource) {
    this.source = typeof client === 'function' ? client : () => Promise.resolve({ client, terminalClient: client, active: true });
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
