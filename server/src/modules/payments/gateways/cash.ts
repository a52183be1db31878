import { KIOSK_COUNTER_METHOD, type OrderChannel } from '@bakje/contract';
import type { Lang } from '../../i18n/locale.js';
import type { PaymentRequest, ProviderPayment, ProviderResult, RefundRequest } from '../payment-provider.js';
import type { GatewayView } from '../payment-settings.js';
import { unsupported, type PaymentCompletion, type PaymentGateway } from './gateway.js';

export const CASH = 'cash';
/** The checkout `paymentMethod` of cash (WooCommerce's cash on delivery). */
export const CASH_METHOD = 'cod';

const TITLES = { nl: 'Contant betalen', fr: 'Paiement en espèces', en: 'Cash' } as const;
const DESCRIPTIONS = {
  nl: 'Betaal bij afhalen, levering of aan tafel.',
  fr: 'Payez au retrait, à la livraison ou à table.',
  en: 'Pay when you collect, on delivery or at the table.',
} as const;

const NO_PROVIDER = 'Cash is paid in person: there is no provider to ask.';

/**
 * Money taken in person: cash on collection, delivery or at the table, and the kiosk's "pay at the counter".
 * No provider: the order goes to the kitchen when it is placed, and nothing is looked up or refunded here.
 */
export class CashGateway implements PaymentGateway {
  readonly id = CASH;
  readonly atProvider = false;

  completion(): PaymentCompletion {
    return 'in-person';
  }

  offered(_values: Map<string, unknown>, lang: Lang): GatewayView[] {
    return [{ id: CASH_METHOD, title: TITLES[lang], description: DESCRIPTIONS[lang], icon: '/images/payment/cash.svg', isMultisafepay: false }];
  }

  methodTitle(_values: Map<string, unknown>, method: string, _fulfilment: unknown, channel: OrderChannel): string | undefined {
    if (method === CASH_METHOD) return 'Cash';
    // Only a kiosk order pays at the counter (issue 15): it waits unpaid until staff take the money.
    return method === KIOSK_COUNTER_METHOD && channel === 'kiosk' ? 'Pay at the counter' : undefined;
  }

  create(_request: PaymentRequest): Promise<ProviderResult<{ paymentUrl: string | null }>> {
    return unsupported(NO_PROVIDER);
  }

  find(_providerOrderId: string): Promise<ProviderResult<ProviderPayment>> {
    return unsupported(NO_PROVIDER);
  }

  refund(_request: RefundRequest): Promise<ProviderResult<{ refundId: string }>> {
    return unsupported(NO_PROVIDER);
  }
}
