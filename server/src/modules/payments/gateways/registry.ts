import type { OrderChannel } from '@bakje/contract';
import type { Db } from '../../../db/client.js';
import type { FulfilmentType } from '../../../db/schema/index.js';
import type { Lang } from '../../i18n/locale.js';
import { mergeGateways, type GatewayView } from '../payment-settings.js';
import { PaymentsService, type PaymentsServiceOptions } from '../payments-service.js';
import { CashGateway } from './cash.js';
import type { GatewayContext, PaymentGateway } from './gateway.js';
import { multisafepayGateway } from './multisafepay.js';
import { stripeGateway } from './stripe.js';

/**
 * Every gateway the shop has, one line each (docs/decisions/0062-payment-gateways-composition-root.md).
 * The first gateway at a provider is the one "pay again" and the reconcile round start from.
 */
export function buildGateways(context: GatewayContext): PaymentGateway[] {
  return [new CashGateway(), multisafepayGateway(context), stripeGateway(context)];
}

/**
 * The gateways, built once: found by id (a payment's `provider`, the notification URL's `{provider}`), asked
 * together what checkout may take and what the storefront offers, and each gateway at a provider with its
 * payments service (the one state machine).
 */
export class GatewayRegistry {
  private readonly byId: Map<string, PaymentGateway>;
  private readonly servicesById: Map<string, PaymentsService>;

  constructor(
    readonly gateways: readonly PaymentGateway[],
    db: Db,
    options: PaymentsServiceOptions,
  ) {
    this.byId = new Map(gateways.map((gateway) => [gateway.id, gateway]));
    if (this.byId.size !== gateways.length) throw new Error('two payment gateways share an id');
    this.servicesById = new Map(gateways.filter((g) => g.atProvider).map((gateway) => [gateway.id, new PaymentsService(db, gateway, options)]));
  }

  get(id: string): PaymentGateway | undefined {
    return this.byId.get(id);
  }

  /** The payments service of a gateway at a provider. */
  service(id: string): PaymentsService | undefined {
    return this.servicesById.get(id);
  }

  /** Every provider's service: a payment is looked up, reconciled and refunded at its own provider. */
  get services(): PaymentsService[] {
    return [...this.servicesById.values()];
  }

  /** Checkout's question (CardMethodCheck): the title of `method` on this order, from the gateway that takes it. */
  readonly methodTitle = (values: Map<string, unknown>, method: string, fulfilment: FulfilmentType, channel: OrderChannel): string | undefined => {
    for (const gateway of this.gateways) {
      const title = gateway.methodTitle(values, method, fulfilment, channel);
      if (title) return title;
    }
    return undefined;
  };

  /** The storefront's list: every gateway's methods for the channel and fulfilment, one per id, by title. */
  offered(values: Map<string, unknown>, lang: Lang, channel: OrderChannel, fulfilment: FulfilmentType | null): GatewayView[] {
    return mergeGateways(...this.gateways.map((gateway) => gateway.offered(values, lang, channel, fulfilment)));
  }
}
