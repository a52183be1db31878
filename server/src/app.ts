import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Logger } from './logger.js';
import { JobHandlers } from './jobs/job-runner.js';
import { createJobs, type JobsRuntime } from './jobs/jobs-runtime.js';
import { CatalogService } from './modules/catalog/catalog-service.js';
import { OrderEventHub } from './modules/order-events/event-hub.js';
import { CartService } from './modules/cart/cart-service.js';
import { PlaceOrder } from './modules/orders/place-order.js';
import { AuthService } from './modules/auth/auth-service.js';
import { KnownDevices } from './modules/auth/known-devices.js';
import { sessionSecret } from './modules/session/session-secret.js';
import { SessionTokens } from './modules/session/session-token.js';
import { ApiKeyService } from './modules/api-keys/api-key-service.js';
import { loadPepper } from './modules/api-keys/pepper.js';
import { MediaService } from './modules/media/media-service.js';
import { queueOrderConfirmation } from './modules/mail/order-confirmation.js';
import { orderMailContext } from './modules/mail/order-facts.js';
import { localMailboxTransport, mailJobHandler, smtpTransport } from './modules/mail/sender.js';
import { printJobHandler } from './modules/printing/print-handler.js';
import { createPrinting, type PrintingRuntime } from './modules/printing/printing-runtime.js';
import { guestOrderRetentionJobHandler } from './modules/retention/guest-orders.js';
import { startHousekeeping } from './modules/retention/housekeeping.js';
import { STRIPE } from './modules/payments/stripe-payments.js';
import type { StripeGateway } from './modules/payments/gateways/stripe.js';
import { createServer, registerHttpShell } from './api/http/shell.js';
import { staffMay } from './api/http/viewer.js';
import { registerHealth } from './api/health/routes.js';
import type { AppOptions, AreaContext } from './api/areas/context.js';
import { buildPayments, registerPaymentsArea, type AppPayments } from './api/areas/payments.js';
import { distanceProvider, registerStorefrontArea } from './api/areas/storefront.js';
import { registerStoreRestArea } from './api/areas/store-rest.js';
import { registerStaffArea } from './api/areas/staff.js';
import { registerKioskArea } from './api/areas/kiosk.js';
import { registerEventsArea } from './api/areas/events.js';
import { registerWebArea } from './api/areas/web.js';
import { registerNotificationsArea, type AppNotifications } from './api/areas/notifications.js';
import { shopModeContext, shopModeFrom } from './modules/shop-mode/shop-mode.js';
import { vapidKeys } from './modules/notifications/web-push.js';
import { startingInTurn, type BackgroundStart } from './background-start.js';

export type { AppOptions };

export interface App {
  server: FastifyInstance;
  catalog: CatalogService;
  orderEvents: OrderEventHub;
  printing: PrintingRuntime;
  jobs: JobsRuntime;
  /** Card payments (docs/decisions/0030-card-payments-multisafepay.md, 0038-stripe.md) and their simulators. */
  payments: AppPayments;
  /** Customer notifications (docs/decisions/0083-order-notifications-sms.md) and the Twilio simulator. */
  notifications: AppNotifications;
  /** Simulators, then the job runner: started by buildApp, or by main.ts once it listens (`deferBackground`, decision 0075). */
  background: BackgroundStart;
  close(): Promise<void>;
}

/**
 * The composition root (docs/decisions/0062-payment-gateways-composition-root.md): the shared services are
 * made here, then each area (api/areas/) wires its own routes and job handlers. The caller owns the
 * database and decides when to listen.
 */
export async function buildApp(config: Config, database: Database, log: Logger, clock: () => Date = () => new Date(), options: AppOptions = {}): Promise<App> {
  const server = createServer(config, log);
  const db = database.db;
  const catalog = new CatalogService(database, log.child({ module: 'catalog' }), clock);
  await catalog.start();
  // Browsers bind their push subscriptions to this key: made once, on the first start (decision 0086).
  await vapidKeys(db);
  const orderEvents = new OrderEventHub(database, log.child({ module: 'order-events' }));
  await orderEvents.start();
  const secret = await sessionSecret(db, config.sessionSecret);
  const auth = new AuthService(db, config.siteUrl, clock, new KnownDevices(secret), log.child({ module: 'auth' }));
  let pepper: string | undefined;
  const context: AreaContext = {
    config,
    database,
    db,
    log,
    clock,
    options,
    catalog,
    orderEvents,
    auth,
    secret,
    tokens: new SessionTokens(secret, config.siteUrl),
    carts: new CartService(db, catalog, config.timeZone, clock),
    keys: new ApiKeyService(db, () => (pepper ??= loadPepper(config.apiKeyPepper, config.dataDir)), clock),
    media: new MediaService(db, config.media),
    handlers: new JobHandlers(),
  };
  const payments = buildPayments(server, context);
  const stripeGateway = payments.gateways.get(STRIPE) as StripeGateway;
  await registerHttpShell(server, { config, catalog, sessions: auth.sessions, stripeJsOrigin: (settings) => stripeGateway.jsOrigin(settings) });
  registerHealth(server, database, () => background.starting());

  const distance = distanceProvider(config, log.child({ module: 'delivery' }));
  const printing = createPrinting(config, database, log);
  // Test or live (docs/decisions/0070-test-and-live-mode.md): computed from the settings at each use.
  const shopMode = shopModeContext({ multisafepay: config.multisafepay, stripe: config.stripe }, printing, payments.fetchFor);
  // The gateways answer which payment methods an order may take (docs/decisions/0062).
  const placeOrder = new PlaceOrder({
    db,
    carts: context.carts,
    distance,
    timeZone: config.timeZone,
    clock,
    afterOrder: queueOrderConfirmation(orderMailContext(config.siteUrl, config.timeZone, () => catalog.loaded()?.settings)),
    cardMethod: payments.gateways.methodTitle,
    payments: payments.exposed.service,
    stripe: payments.stripe,
    orderKeyDetailsHours: config.orderKeyDetailsHours,
    testMode: (settings) => !options.ordersCountAsLive && shopModeFrom(settings, shopMode).mode === 'test',
  });
  const authorizeStaff = options.authorizeStaff ?? staffMay('kitchen.view');
  registerStorefrontArea(server, context, { placeOrder, distance, payments });
  registerEventsArea(server, context, { authorizeStaff });
  registerStaffArea(server, context, { authorizeStaff, refunds: payments.refunds, printing, shopMode });
  const pos = await registerStoreRestArea(server, context, { placeOrder });
  registerPaymentsArea(server, context, payments);
  registerKioskArea(server, context, { placeOrder, terminal: payments.exposed.service });
  const notifications = registerNotificationsArea(server, context);
  await registerWebArea(server, context);

  // The order's own side effects: tickets, mails, and guest orders' personal data after the retention period.
  context.handlers
    .register(printJobHandler({ timeZone: config.timeZone, retryBaseMs: config.printing.retryBaseMs }))
    .register(mailJobHandler(config.smtpUrl ? smtpTransport(config.smtpUrl) : localMailboxTransport(db, clock), config.mailFrom))
    .register(guestOrderRetentionJobHandler(clock));
  const jobs = createJobs(config, database, context.handlers, log);
  const background = startingInTurn({ printing, pos, jobs }, config.testHangStartStep);
  if (!options.deferBackground) await background.run();
  const housekeeping = config.env === 'test' ? undefined : startHousekeeping({ db, auth, clock, guestCartDays: config.guestCartDays, log });

  return {
    server,
    catalog,
    orderEvents,
    printing,
    jobs,
    payments: payments.exposed,
    notifications,
    background,
    async close() {
      clearInterval(housekeeping);
      payments.stop();
      await orderEvents.stop();
      await server.close();
      await jobs.stop();
      await printing.stop();
      await pos.stop();
      await catalog.stop();
    },
  };
}
