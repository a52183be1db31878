import type { FastifyInstance } from 'fastify';
import { injectFetch, MultiSafepaySimulator } from '../../integrations/multisafepay/multisafepay-simulator.js';
import { StripeSimulator } from '../../integrations/stripe/stripe-simulator.js';
import type { GatewayContext } from '../../modules/payments/gateways/gateway.js';
import { MULTISAFEPAY } from '../../modules/payments/gateways/multisafepay.js';
import { buildGateways, GatewayRegistry } from '../../modules/payments/gateways/registry.js';
import type { StripeGateway } from '../../modules/payments/gateways/stripe.js';
import { paymentReconcileJobHandler, paymentStatusJobHandler, refundSettleJobHandler, scheduleReconciliation } from '../../modules/payments/payment-jobs.js';
import type { PaymentsService } from '../../modules/payments/payments-service.js';
import { RefundsService } from '../../modules/payments/refunds.js';
import { STRIPE, StripePayments } from '../../modules/payments/stripe-payments.js';
import { registerPaymentNotifications, STRIPE_WEBHOOK_PATH } from '../rest/payment-notifications.js';
import { registerPaymentRoutes } from '../rest/payments.js';
import type { AreaContext } from './context.js';

/** What the app exposes of payments (tests drive the simulators; docs/decisions/0030, 0038). */
export interface AppPayments {
  /** MultiSafepay's payments service. */
  service: PaymentsService | undefined;
  simulator: MultiSafepaySimulator | undefined;
  stripe: StripePayments | undefined;
  stripeSimulator: StripeSimulator | undefined;
}

export interface PaymentsArea {
  gateways: GatewayRegistry;
  stripe: StripePayments;
  refunds: RefundsService;
  exposed: AppPayments;
  /** The HTTP function for a provider address (the shop mode's key check asks the providers too). */
  fetchFor: GatewayContext['fetchFor'];
  /** Stops the simulators and the reconciliation timer. */
  stop(): void;
}

/**
 * The gateways and the simulators, built before any route: the storefront's Content-Security-Policy asks the
 * Stripe gateway where Stripe.js comes from. The simulators are reached in-process: no port or URL of their
 * own to get right, in demo mode and in tests.
 */
export function buildPayments(server: FastifyInstance, context: AreaContext): PaymentsArea {
  const { config, db, clock, log } = context;
  const msp = config.multisafepay;
  const inProcess = injectFetch(server);
  const simulator = msp.simulator
    ? new MultiSafepaySimulator({ apiKey: msp.apiKey ?? '', siteUrl: config.siteUrl, deliver: inProcess, log: log.child({ module: 'msp-simulator' }), clock })
    : undefined;
  if (simulator) simulator.controls.terminalAutoMs = msp.simulatorTerminalAutoMs;
  const stripeConfig = config.stripe;
  const stripeSimulator = stripeConfig.simulator
    ? new StripeSimulator({
        secretKey: stripeConfig.secretKey ?? '',
        publishableKey: stripeConfig.publishableKey ?? '',
        webhookSecret: stripeConfig.webhookSecret ?? '',
        webhookUrl: STRIPE_WEBHOOK_PATH,
        deliver: inProcess,
        log: log.child({ module: 'stripe-simulator' }),
        clock,
      })
    : undefined;
  // The providers' keys are read at each use (docs/decisions/0040-provider-keys-stripe-checkout.md): what
  // the owner stored in the dashboard, else the environment's (config.ts), else the simulator's.
  const gatewayContext: GatewayContext = {
    db,
    providerDefaults: { multisafepay: msp, stripe: stripeConfig },
    cachedSettings: async () => (context.catalog.loaded() ?? (await context.catalog.get())).settings,
    fetchFor: (baseUrl) => (baseUrl.startsWith('/') ? { fetch: inProcess } : context.options.providerFetch ? { fetch: context.options.providerFetch } : {}),
  };
  const paymentsLog = log.child({ module: 'payments' });
  const gateways = new GatewayRegistry(buildGateways(gatewayContext), db, { siteUrl: config.siteUrl, clock, log: paymentsLog });
  const stripeGateway = gateways.get(STRIPE) as StripeGateway;
  const stripe = new StripePayments(db, stripeGateway.clients, context.carts, gateways.service(STRIPE)!, paymentsLog);
  const refunds = new RefundsService(db, gateways.services, { clock, log: log.child({ module: 'refunds' }) });
  context.handlers
    .register(paymentStatusJobHandler(...gateways.services))
    .register(paymentReconcileJobHandler(gateways.services, refunds))
    .register(refundSettleJobHandler(refunds));
  // Pending card payments are looked up and unpaid orders cancelled at their cut-off (a job; tests call it).
  const reconciling = config.env === 'test' ? undefined : scheduleReconciliation(db, config.paymentReconcileMs, log);
  return {
    gateways,
    stripe,
    refunds,
    exposed: { service: gateways.service(MULTISAFEPAY), simulator, stripe, stripeSimulator },
    fetchFor: gatewayContext.fetchFor,
    stop() {
      clearInterval(reconciling);
      simulator?.stop();
    },
  };
}

/** The payments area's routes: the simulators', the providers' notifications, the customer's and the settings. */
export function registerPaymentsArea(server: FastifyInstance, context: AreaContext, payments: PaymentsArea): void {
  payments.exposed.simulator?.register(server);
  payments.exposed.stripeSimulator?.register(server);
  const { db, clock, log, config } = context;
  registerPaymentNotifications(server, { db, gateways: payments.gateways, clock, log });
  registerPaymentRoutes(server, {
    db,
    payments: payments.exposed.service,
    services: payments.gateways.services,
    providerDefaults: { multisafepay: config.multisafepay, stripe: config.stripe },
    clock,
    log,
  });
}
