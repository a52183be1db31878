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

/** REFERENCE.md §3: paid only on completed; initialized/uncleared wait; declined/cancelled/expired/void failed. */
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

/** SPEC §3's card payment order. Cartes Bancaires goes through VISA with the French locale. */
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

export class MultiSafepayProvider implements PaymentProvider {
  readonly id = MULTISAFEPAY;

  /**
   * `terminalClient`: the terminal group's key (REFERENCE.md §3), when it differs from the website's; terminal
   * orders are created, looked up and cancelled with it.
   */
  constructor(
    private readonly client: MultiSafepayClient,
    private readonly terminalClient: MultiSafepayClient = client,
  ) {}

  async create(request: PaymentRequest): Promise<ProviderResult<{ paymentUrl: string | null }>> {
    const reply = await (request.terminalId ? this.terminalClient : this.client).createOrder(mspOrderFor(request));
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
    const reply = await this.terminalClient.cancelOrder(providerOrderId);
    if (!reply.success) return { success: false, error: reply.errorInfo, code: String(reply.errorCode), ...(reply.timedOut ? { timedOut: true } : {}) };
    return { success: true, data: null };
  }

  async find(providerOrderId: string): Promise<ProviderResult<ProviderPayment>> {
    let reply = await this.client.getOrder(providerOrderId);
    // A terminal order belongs to the terminal group's account: the website key does not see it.
    if (!reply.success && reply.errorCode === MSP_ORDER_NOT_FOUND && this.terminalClient !== this.client)
      reply = await this.terminalClient.getOrder(providerOrderId);
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
        paymentUrl: order.payment_url ?? null,
      },
    };
  }

  /**
   * MultiSafepay's refund API takes no idempotency key: the refunds module keeps one refund per key on our
   * side and asks the provider once per refund (docs/decisions/0039-refunds.md).
   */
  async refund(request: RefundRequest): Promise<ProviderResult<{ refundId: string }>> {
    const reply = await this.client.refund(request.providerOrderId, request.amount, request.currency, request.description);
    if (!reply.success) {
      return { success: false, error: reply.errorInfo, code: String(reply.errorCode), ...(reply.timedOut ? { timedOut: true } : {}) };
    }
    const id = reply.data.refund_id ?? reply.data.transaction_id;
    return { success: true, data: { refundId: id === undefined ? '' : String(id) } };
  }
}
