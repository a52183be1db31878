import { registerShopStatusStream } from './api/events/shop-status.js';
import { registerShopSettingsRoutes } from './api/rest/shop-settings.js';
import { registerStoreSettingsRoutes } from './api/rest/store-settings.js';
import { ShopStatusHub } from './modules/opening-hours/shop-status-hub.js';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { lazyRequestLogger, type Logger } from './logger.js';
import { CatalogService } from './modules/catalog/catalog-service.js';
import { registerGraphQL } from './api/graphql/endpoint.js';
import { registerHealth } from './api/health/routes.js';
import { registerWebApp } from './api/web/spa.js';
import { registerBenchRoutes } from './api/bench/static-reference.js';
import { registerBenchCheckoutFixture } from './api/bench/checkout-fixture.js';
import { registerBenchPrintFixture } from './api/bench/print-fixture.js';
import { registerBenchGuestCartPurge } from './api/bench/guest-cart-purge.js';
import { CartService } from './modules/cart/cart-service.js';
import { PlaceOrder } from './modules/orders/place-order.js';
import { PostcodeDistanceProvider, RoadDistanceProvider, type DistanceProvider } from './modules/delivery/distance.js';
import { OsrmClient } from './integrations/osrm/osrm-client.js';
import { SessionTokens } from './modules/session/session-token.js';
import { sessionSecret } from './modules/session/session-secret.js';
import { AuthTokens } from './modules/auth/auth-tokens.js';
import { productHead } from './modules/seo/product-head.js';
import { FirstPaintCache, firstPaintLang, firstPaintRoute } from './modules/first-paint/first-paint.js';
import { renderCheckoutFirstPaint } from './modules/first-paint/checkout.js';
import { CHECKOUT_ROUTE, checkoutCartOf } from './api/web/checkout-paint.js';
import { isListed } from './modules/catalog/snapshot.js';
import { LOCALE_COOKIE, LOCALE_HEADER, pickLang } from './modules/i18n/locale.js';
import { registerDeliveryRoutes } from './api/rest/delivery.js';
import { OrderEventHub } from './modules/order-events/event-hub.js';
import { OrderEventStreams } from './modules/order-events/event-streams.js';
import { statusScreenSettingsFrom } from './modules/displays/status-screen-settings.js';
import { KitchenActions } from './modules/kitchen/kitchen-actions.js';
import { kitchenSettingsFrom } from './modules/kitchen/kitchen-settings.js';
import { registerEventRoutes, type StaffGuard } from './api/events/routes.js';
import { defaultSseOptions, type SseOptions } from './api/events/sse.js';
import { registerKitchenRoutes } from './api/rest/kitchen.js';
import { registerKitchenSettingsRoutes } from './api/rest/kitchen-settings.js';
import { registerOrderAdminRoutes } from './api/rest/orders-admin.js';
import { registerFiguresRoutes } from './api/rest/figures.js';
import { laterKitchenOrders } from './modules/kitchen/kitchen-later.js';
import { cancelOrderWithReason } from './modules/orders/order-admin.js';
import { registerPrintingRoutes } from './api/rest/printing.js';
import { registerPrintAdminRoutes } from './api/rest/print-admin.js';
import { startPrinting, type PrintingRuntime } from './modules/printing/printing-runtime.js';
import { ApiKeyService } from './modules/api-keys/api-key-service.js';
import { loadPepper } from './modules/api-keys/pepper.js';
import { registerWooCommerceRest, WC_PREFIX } from './api/rest/wc/register.js';
import { localAdminAuthorize, registerApiKeyAdmin, type Authorize } from './api/rest/api-key-admin.js';
import { registerSecurityHeaders } from './api/http/security-headers.js';
import { registerErrorHandler } from './api/http/error-handler.js';
import { registerCompression } from './api/http/compression.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { registerUnstorableTextGuard } from './api/http/unstorable-text.js';
import { AuthService } from './modules/auth/auth-service.js';
import { KnownDevices } from './modules/auth/known-devices.js';
import { registerViewer, staffMay } from './api/http/viewer.js';
import { registerAccountRoutes } from './api/rest/account.js';
import { registerDashboardRoutes } from './api/rest/dashboard.js';
import { registerStaffTimeSlotRoutes } from './api/rest/time-slots.js';
import { registerStaffMessageRoutes } from './api/rest/messages.js';
import { registerGiftCardRoutes } from './api/rest/gift-cards.js';
import { registerManualRoutes } from './api/rest/manuals.js';
import { queueOrderConfirmation } from './modules/mail/order-confirmation.js';
import { DEFAULT_RETENTION, pruneOldRecords } from './modules/retention/retention.js';
import { enqueueGuestOrderRetention, guestOrderRetentionJobHandler } from './modules/retention/guest-orders.js';
import { registerReviewAdminRoutes } from './api/rest/reviews-admin.js';
import { registerCustomerAdminRoutes } from './api/rest/customers-admin.js';
import { registerPrivacyRoutes } from './api/rest/privacy.js';
import { localMailboxTransport, mailJobHandler, smtpTransport } from './modules/mail/sender.js';
import { printJobHandler } from './modules/printing/print-handler.js';
import { JobHandlers } from './jobs/job-runner.js';
import { startJobs, type JobsRuntime } from './jobs/jobs-runtime.js';
import { registerJobRoutes } from './api/rest/jobs.js';
import { registerSoldOutRoutes } from './api/rest/sold-out.js';
import { registerCatalogStream } from './api/events/catalog-stream.js';
import { MediaService } from './modules/media/media-service.js';
import { mediaVariantsJobHandler } from './modules/media/media-jobs.js';
import { registerMediaRoutes, WP_PREFIX } from './api/rest/wc/media-routes.js';
import { registerMediaFiles } from './api/web/media-files.js';

import { mediaDir } from './paths.js';
import { registerCloudPosRoutes } from './api/rest/cloudpos.js';
import { posSyncJobHandler } from './modules/pos-sync/pos-sync.js';
import { startPosSimulator } from './modules/pos-sync/pos-runtime.js';
import { registerMenuTransferRoutes } from './api/rest/menu-transfer.js';
import { menuImportJobHandler } from './modules/menu-transfer/menu-import.js';
import { shopImportJobHandler } from './modules/menu-transfer/shop-import.js';
import { MultiSafepayClient, type FetchLike } from './integrations/multisafepay/multisafepay-client.js';
import { MultiSafepaySimulator, injectFetch } from './integrations/multisafepay/multisafepay-simulator.js';
import { MultiSafepayProvider } from './modules/payments/multisafepay-provider.js';
import { PaymentsService } from './modules/payments/payments-service.js';
import { RefundsService } from './modules/payments/refunds.js';
import { enqueueReconciliation, paymentReconcileJobHandler, paymentStatusJobHandler, refundSettleJobHandler } from './modules/payments/payment-jobs.js';
import { cardMethodAllowed } from './modules/payments/payment-settings.js';
import { registerPaymentRoutes } from './api/rest/payments.js';
import { KIOSK_COOKIE, registerKioskRoutes } from './api/rest/kiosk.js';
import { isPairedKiosk, KioskDevices } from './modules/kiosk/kiosk-devices.js';
import { KioskEvents } from './modules/kiosk/kiosk-events.js';
import { KioskOrders } from './modules/kiosk/kiosk-orders.js';
import { registerStripeWebhook, STRIPE_WEBHOOK_PATH } from './api/rest/stripe-webhook.js';
import { StripeClient } from './integrations/stripe/stripe-client.js';
import { StripeSimulator } from './integrations/stripe/stripe-simulator.js';
import {
  mspAccess,
  mspReady,
  PROVIDER_SETTINGS_KEY,
  providerSettingsFrom,
  readProviderSettings,
  stripeAccess,
  stripeReady,
} from './modules/payments/provider-settings.js';
import { STRIPE, STRIPE_METHOD_TITLE, StripePayments, StripeProvider } from './modules/payments/stripe-payments.js';

export { mediaDir };

export interface App {
  server: FastifyInstance;
  catalog: CatalogService;
  orderEvents: OrderEventHub;
  printing: PrintingRuntime;
  jobs: JobsRuntime;
  /** Card payments: undefined without a provider key or the simulator (docs/decisions/0030-card-payments-multisafepay.md). */
  payments: {
    service: PaymentsService | undefined;
    simulator: MultiSafepaySimulator | undefined;
    /** Stripe (docs/decisions/0038-stripe.md): undefined without a secret key or the simulator. */
    stripe: StripePayments | undefined;
    stripeSimulator: StripeSimulator | undefined;
  };
  close(): Promise<void>;
}

export interface AppOptions {
  /** Who may use the kitchen stream and kitchen actions. Default: signed-in staff with `kitchen.view`. */
  authorizeStaff?: StaffGuard;
  sse?: Partial<SseOptions>;
  /** Who may manage API keys at /api/admin/api-keys. Default: signed-in staff with `keys.manage` (admin). */
  authorizeKeyAdmin?: Authorize;
  /** The secret of the lock file: enables /api/local-admin/api-keys for the CLI (docs/decisions/0018-keys-cli.md). */
  localAdminSecret?: string;
  /** HTTP to the payment providers' real addresses (tests point it at the simulators); default: fetch. */
  providerFetch?: FetchLike;
}

/** Wires the modules to their transports. The caller owns the database and decides when to listen. */
/** The delivery distance: the postcode estimate, or OSRM's road distance when configured (docs/interfaces.md §5). */
function distanceProvider(config: Config, log: Logger): DistanceProvider {
  if (config.distance.provider === 'postcode') return new PostcodeDistanceProvider();
  const client = new OsrmClient({ baseUrl: config.distance.url, profile: config.distance.profile, timeoutMs: config.distance.timeoutMs });
  // The reason only (status and OSRM's code): never the address.
  return new RoadDistanceProvider(client, (reason) => log.warn({ reason }, 'routing service failed; the postcode estimate was used'));
}

export async function buildApp(config: Config, database: Database, log: Logger, clock: () => Date = () => new Date(), options: AppOptions = {}): Promise<App> {
  const server: FastifyInstance = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    // Per-request logs only when debugging; errors are logged where they happen.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    // A request's logger is made when it first writes a line (decision 0057).
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: 1_048_576,
    // Slow clients are closed (slowloris): the request, headers included, must arrive in time. Node checks
    // these every connectionsCheckingInterval (30 s by default), so check often enough for short limits.
    http: {
      headersTimeout: config.connections.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(config.connections.headersTimeoutMs / 4))),
    },
    requestTimeout: config.connections.requestTimeoutMs,
    keepAliveTimeout: config.connections.keepAliveTimeoutMs,
    // X-Forwarded-Proto/-For are believed only from the configured proxies (BAKJE_TRUST_PROXY).
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
  });
  const catalog = new CatalogService(database, log.child({ module: 'catalog' }), clock);
  await catalog.start();
  const orderEvents = new OrderEventHub(database, log.child({ module: 'order-events' }));
  await orderEvents.start();

  await server.register(fastifyCookie);
  const stripeJsOriginOf = (settings: Map<string, unknown>) => {
    const stored = providerSettingsFrom(settings.get(PROVIDER_SETTINGS_KEY));
    const defaults = { multisafepay: config.multisafepay, stripe: config.stripe };
    const access = stripeReady(stored, defaults) ? stripeAccess(stored, defaults) : undefined;
    // A path is this site (the simulator's stand-in): 'self' covers it.
    return access && /^https?:\/\//.test(access.jsUrl) ? new URL(access.jsUrl).origin : undefined;
  };
  // Worked out once per catalogue snapshot (the settings are part of it), not on every request (decision 0057).
  let stripeJsOrigin: { settings: Map<string, unknown>; origin: string | undefined } | undefined;
  const stripeJsOriginIn = (settings: Map<string, unknown>) => {
    if (stripeJsOrigin?.settings !== settings) stripeJsOrigin = { settings, origin: stripeJsOriginOf(settings) };
    return stripeJsOrigin.origin;
  };
  registerSecurityHeaders(server, {
    stripeJsOrigin: () => {
      const current = catalog.current();
      return current ? stripeJsOriginIn(current.settings) : catalog.get().then((snapshot) => stripeJsOriginIn(snapshot.settings));
    },
  });
  registerCompression(server);
  // Route schemas are zod schemas (api/http/route-schemas.ts); a failure goes to the error handler.
  server.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(server);
  registerUnstorableTextGuard(server, { checkedElsewhere: ['/graphql', WC_PREFIX, WP_PREFIX] });

  registerHealth(server, database);
  const secret = await sessionSecret(database.db, config.sessionSecret);
  const auth = new AuthService(database.db, config.siteUrl, clock, new KnownDevices(secret));
  registerViewer(server, { config, sessions: auth.sessions });
  const distance = distanceProvider(config, log.child({ module: 'delivery' }));
  const carts = new CartService(database.db, catalog, config.timeZone, clock);
  const msp = config.multisafepay;
  // The simulator is reached in-process: no port or URL of its own to get right, in demo mode and in tests.
  const mspSimulator = msp.simulator
    ? new MultiSafepaySimulator({
        apiKey: msp.apiKey ?? '',
        siteUrl: config.siteUrl,
        deliver: injectFetch(server),
        log: log.child({ module: 'msp-simulator' }),
        clock,
      })
    : undefined;
  mspSimulator?.register(server);
  if (mspSimulator) mspSimulator.controls.terminalAutoMs = msp.simulatorTerminalAutoMs;
  const stripeConfig = config.stripe;
  const stripeSimulator = stripeConfig.simulator
    ? new StripeSimulator({
        secretKey: stripeConfig.secretKey ?? '',
        publishableKey: stripeConfig.publishableKey ?? '',
        webhookSecret: stripeConfig.webhookSecret ?? '',
        webhookUrl: STRIPE_WEBHOOK_PATH,
        deliver: injectFetch(server),
        log: log.child({ module: 'stripe-simulator' }),
        clock,
      })
    : undefined;
  stripeSimulator?.register(server);
  // The providers' keys are read at each use (docs/decisions/0040-provider-keys-stripe-checkout.md): what
  // the owner stored in the dashboard, else the environment's (config.ts), else the simulator's.
  const providerDefaults = { multisafepay: msp, stripe: stripeConfig };
  const inProcess = injectFetch(server);
  const fetchFor = (baseUrl: string) => (baseUrl.startsWith('/') ? { fetch: inProcess } : options.providerFetch ? { fetch: options.providerFetch } : {});
  const mspClient = async () => {
    const stored = await readProviderSettings(database.db);
    const access = mspAccess(stored, providerDefaults);
    if (!access) return undefined;
    const clientFor = (apiKey: string) => new MultiSafepayClient({ apiKey, baseUrl: access.baseUrl, timeoutMs: msp.timeoutMs, ...fetchFor(access.baseUrl) });
    const client = clientFor(access.apiKey);
    // The terminal group's own key (REFERENCE.md §3) comes from the environment only.
    const terminalClient = msp.terminalApiKey && msp.terminalApiKey !== access.apiKey ? clientFor(msp.terminalApiKey) : client;
    return { client, terminalClient, active: stored.multisafepay.active };
  };
  const stripeClient = async () => {
    const stored = await readProviderSettings(database.db);
    const access = stripeAccess(stored, providerDefaults);
    if (!access) return undefined;
    const client = new StripeClient({ secretKey: access.secretKey, baseUrl: access.baseUrl, timeoutMs: stripeConfig.timeoutMs, ...fetchFor(access.baseUrl) });
    return {
      client,
      active: stripeReady(stored, providerDefaults),
      ...(access.publishableKey ? { browser: { publishableKey: access.publishableKey, jsUrl: access.jsUrl } } : {}),
    };
  };
  const paymentsLog = log.child({ module: 'payments' });
  const paymentsService = new PaymentsService(database.db, new MultiSafepayProvider(mspClient), { siteUrl: config.siteUrl, clock, log: paymentsLog });
  const stripe = new StripePayments(
    database.db,
    stripeClient,
    carts,
    new PaymentsService(database.db, new StripeProvider(stripeClient), { siteUrl: config.siteUrl, clock, log: paymentsLog }),
    paymentsLog,
  );
  const providerValues = (values: Map<string, unknown>) => providerSettingsFrom(values.get(PROVIDER_SETTINGS_KEY));
  const services = {
    db: database.db,
    carts,
    placeOrder: new PlaceOrder({
      db: database.db,
      carts,
      distance,
      timeZone: config.timeZone,
      clock,
      afterOrder: queueOrderConfirmation(config.siteUrl),
      // The catalogue's copy of the settings (kept current by NOTIFY): which provider is on, with keys.
      cardMethod: (values, id, fulfilment, channel) =>
        id === STRIPE
          ? channel === 'web' && stripeReady(providerValues(values), providerDefaults)
            ? STRIPE_METHOD_TITLE
            : undefined
          : mspReady(providerValues(values), providerDefaults)
            ? cardMethodAllowed(values, id, fulfilment, channel)
            : undefined,
      payments: paymentsService,
      stripe,
      orderKeyDetailsHours: config.orderKeyDetailsHours,
    }),
    auth,
    authTokens: new AuthTokens(secret, config.siteUrl, auth.sessions, clock),
    clock,
    payments: paymentsService,
    stripe,
  };
  const tokens = new SessionTokens(secret, config.siteUrl);
  registerGraphQL(server, {
    config,
    catalog,
    services,
    tokens,
    fromKiosk: (request) => isPairedKiosk(database.db, request.cookies[KIOSK_COOKIE]),
  });
  registerDeliveryRoutes(server, { catalog, distance });
  const authorizeStaff = options.authorizeStaff ?? staffMay('kitchen.view');
  const streams = new OrderEventStreams({
    db: database.db,
    hub: orderEvents,
    timeZone: config.timeZone,
    clock,
    statusScreenSettings: async () => statusScreenSettingsFrom((await catalog.get()).settings),
  });
  registerEventRoutes(server, {
    db: database.db,
    streams,
    authorizeStaff,
    tokens,
    sse: { ...defaultSseOptions, ...options.sse },
    limits: { perClient: config.connections.eventStreamsPerClient, total: config.connections.eventStreams },
  });
  registerCatalogStream(server, {
    catalog,
    sse: { ...defaultSseOptions, ...options.sse },
    limits: { perClient: config.connections.eventStreamsPerClient, total: config.connections.eventStreams },
  });
  registerSoldOutRoutes(server, { db: database.db, catalog, timeZone: config.timeZone, clock });
  registerKitchenRoutes(server, {
    kitchen: new KitchenActions(database.db, clock),
    authorizeStaff,
    viewSettings: async () => {
      const { settings } = await catalog.get();
      return { ...kitchenSettingsFrom(settings), readyVisibleSeconds: statusScreenSettingsFrom(settings).readyVisibleSeconds, timeZone: config.timeZone };
    },
    later: () => laterKitchenOrders(database.db, clock(), config.timeZone),
    cancel: (orderId, reason) => cancelOrderWithReason(database.db, orderId, reason, { siteUrl: config.siteUrl }),
  });
  const refunds = new RefundsService(
    database.db,
    [paymentsService, stripe?.service].filter((s): s is PaymentsService => s !== undefined),
    { clock, log: log.child({ module: 'refunds' }) },
  );
  registerOrderAdminRoutes(server, { db: database.db, clock, timeZone: config.timeZone, siteUrl: config.siteUrl, refunds });
  registerFiguresRoutes(server, { db: database.db, clock, timeZone: config.timeZone });
  registerKitchenSettingsRoutes(server, { db: database.db });
  const shopStatus = new ShopStatusHub(catalog, config.timeZone, clock, log.child({ module: 'shop-status' }));
  registerShopSettingsRoutes(server, { db: database.db, timeZone: config.timeZone, clock });
  registerStoreSettingsRoutes(server, {
    db: database.db,
    cardPayments: async () => {
      const stored = await readProviderSettings(database.db);
      return { cardPayments: mspReady(stored, providerDefaults), stripe: stripeReady(stored, providerDefaults) };
    },
  });
  registerShopStatusStream(server, {
    hub: shopStatus,
    sse: { ...defaultSseOptions, ...options.sse },
    limits: { perClient: config.connections.eventStreamsPerClient, total: config.connections.eventStreams },
  });
  const printing = await startPrinting(config, database, log);
  registerPrintingRoutes(server, { receivedTickets: printing.receivedTickets, authorize: staffMay('kitchen.view') });
  registerPrintAdminRoutes(server, { db: database.db, timeZone: config.timeZone, clock });
  let pepper: string | undefined;
  const keys = new ApiKeyService(database.db, () => (pepper ??= loadPepper(config.apiKeyPepper, config.dataDir)), clock);
  await registerWooCommerceRest(server, {
    db: database.db,
    catalog,
    keys,
    siteUrl: config.siteUrl,
    clock,
    timeZone: config.timeZone,
    placeOrder: services.placeOrder,
  });
  const media = new MediaService(database.db, config.media);
  await registerMediaRoutes(server, { media, keys, siteUrl: config.siteUrl, clock });
  registerMediaFiles(server, { media });
  registerApiKeyAdmin(server, { keys, base: '/api/admin/api-keys', authorize: options.authorizeKeyAdmin ?? staffMay('keys.manage') });
  if (options.localAdminSecret) {
    registerApiKeyAdmin(server, { keys, base: '/api/local-admin/api-keys', authorize: localAdminAuthorize(options.localAdminSecret) });
  }
  registerAccountRoutes(server, { db: database.db, auth, localMailbox: !config.smtpUrl, clock });
  registerDashboardRoutes(server, { db: database.db });
  registerReviewAdminRoutes(server, { db: database.db, catalog, clock });
  registerCustomerAdminRoutes(server, { db: database.db, auth, clock });
  registerPrivacyRoutes(server, { db: database.db, clock });
  registerStaffTimeSlotRoutes(server, { db: database.db, clock, timeZone: config.timeZone });
  await registerCloudPosRoutes(server, { db: database.db, keys, siteUrl: config.siteUrl, clock });
  await registerMenuTransferRoutes(server, { db: database.db, catalog, siteUrl: config.siteUrl });
  const posSimulator = await startPosSimulator(config, database.db, log.child({ module: 'pos-simulator' }));
  registerStaffMessageRoutes(server, { db: database.db, clock, timeZone: config.timeZone });
  registerManualRoutes(server, { db: database.db, clock, timeZone: config.timeZone });
  registerGiftCardRoutes(server, { db: database.db, clock, timeZone: config.timeZone });
  const handlers = new JobHandlers()
    .register(printJobHandler({ timeZone: config.timeZone, retryBaseMs: config.printing.retryBaseMs }))
    .register(mailJobHandler(config.smtpUrl ? smtpTransport(config.smtpUrl) : localMailboxTransport(database.db, clock), config.mailFrom))
    .register(mediaVariantsJobHandler(media))
    .register(posSyncJobHandler())
    .register(menuImportJobHandler(media))
    .register(shopImportJobHandler(media))
    .register(guestOrderRetentionJobHandler(clock));
  const providerServices = [paymentsService, stripe.service];
  handlers.register(paymentStatusJobHandler(...providerServices));
  handlers.register(paymentReconcileJobHandler(providerServices, refunds));
  handlers.register(refundSettleJobHandler(refunds));
  registerStripeWebhook(server, {
    db: database.db,
    webhookSecret: async () => stripeAccess(await readProviderSettings(database.db), providerDefaults)?.webhookSecret,
    clock,
    log,
  });
  const kioskEvents = new KioskEvents();
  registerKioskRoutes(server, {
    config,
    devices: new KioskDevices({ db: database.db, clock, events: kioskEvents }),
    orders: new KioskOrders({ db: database.db, placeOrder: services.placeOrder, payments: paymentsService, clock, log: log.child({ module: 'kiosk' }) }),
    events: kioskEvents,
    tokens,
    sse: { ...defaultSseOptions, ...options.sse },
    limits: { perClient: config.connections.eventStreamsPerClient, total: config.connections.eventStreams },
  });
  registerPaymentRoutes(server, {
    db: database.db,
    payments: paymentsService,
    services: providerServices,
    // The catalogue's copy of the settings on the acknowledgement's path: no query, and no wait for a reload
    // after an order changed the stock; the route reads the row itself before refusing a signature made with
    // a key changed a moment ago.
    apiKey: async (fresh) =>
      mspAccess(fresh ? await readProviderSettings(database.db) : providerValues((catalog.loaded() ?? (await catalog.get())).settings), providerDefaults)
        ?.apiKey,
    terminalApiKey: msp.terminalApiKey,
    providerDefaults,
    clock,
    log,
  });
  const jobs = await startJobs(config, database, handlers, log);
  registerJobRoutes(server, { db: database.db, handlers });
  const tidyUp = async () => {
    await auth.housekeeping().catch((err: unknown) => log.warn({ err }, 'auth housekeeping failed'));
    const pruned = await pruneOldRecords(database.db, clock(), { ...DEFAULT_RETENTION, guestCartDays: config.guestCartDays }).catch((err: unknown) =>
      log.warn({ err }, 'pruning old records failed'),
    );
    if (pruned && Object.values(pruned).some((n) => n > 0)) log.info({ pruned }, 'old records pruned');
    // Guest orders past the retention period lose their personal data (a job: retried, shown on /dashboard/jobs).
    await enqueueGuestOrderRetention(database.db, clock()).catch((err: unknown) => log.warn({ err }, 'guest order retention could not be queued'));
  };
  const housekeeping = config.env === 'test' ? undefined : setInterval(() => void tidyUp(), 3600_000);
  housekeeping?.unref();
  // Pending card payments are looked up and unpaid orders cancelled at their cut-off (a job; tests call it).
  const reconciling =
    config.env !== 'test'
      ? setInterval(() => {
          void enqueueReconciliation(database.db, String(Math.floor(Date.now() / config.paymentReconcileMs))).catch((err: unknown) =>
            log.warn({ err }, 'payment reconciliation could not be queued'),
          );
        }, config.paymentReconcileMs)
      : undefined;
  reconciling?.unref();
  if (config.benchRoutes) registerBenchRoutes(server);
  if (config.benchRoutes) registerBenchCheckoutFixture(server, database.db);
  if (config.benchRoutes) registerBenchPrintFixture(server, database.db);
  if (config.benchRoutes) registerBenchGuestCartPurge(server, database.db, clock);
  const firstPaints = new FirstPaintCache();
  await registerWebApp(server, {
    webDist: config.webDist,
    mediaDir,
    productHead: async (slug, request) => {
      const snapshot = await catalog.get();
      const product = snapshot.productsBySlug.get(slug);
      if (!product || !isListed(product.row)) return undefined;
      const lang = pickLang(request.headers[LOCALE_HEADER] as string | undefined, request.cookies[LOCALE_COOKIE], request.headers['accept-language']);
      return productHead(snapshot, product, { lang, baseUrl: config.siteUrl }).html;
    },
    firstPaint: async (url, request) => {
      if (CHECKOUT_ROUTE.test(url)) {
        try {
          const snapshot = await catalog.get();
          return renderCheckoutFirstPaint({
            snapshot,
            cart: await checkoutCartOf(request, { tokens, carts }),
            lang: firstPaintLang(request.cookies[LOCALE_COOKIE]),
            now: clock(),
            timeZone: config.timeZone,
          });
        } catch (err) {
          // The page still works without it: the app loads the cart itself (and shows the problem, if any).
          request.log.warn({ err }, 'the checkout first paint could not be written');
          return undefined;
        }
      }
      const route = firstPaintRoute(url);
      if (!route) return undefined;
      return firstPaints.get(await catalog.get(), route, firstPaintLang(request.cookies[LOCALE_COOKIE]));
    },
    langOf: (request) => firstPaintLang(request.cookies[LOCALE_COOKIE]),
  });

  return {
    server,
    catalog,
    orderEvents,
    printing,
    jobs,
    payments: { service: paymentsService, simulator: mspSimulator, stripe, stripeSimulator },
    async close() {
      clearInterval(housekeeping);
      clearInterval(reconciling);
      mspSimulator?.stop();
      await orderEvents.stop();
      await server.close();
      await jobs.stop();
      await printing.stop();
      await posSimulator.stop();
      await catalog.stop();
    },
  };
}
