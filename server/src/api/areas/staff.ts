import type { FastifyInstance } from 'fastify';
import { KitchenActions } from '../../modules/kitchen/kitchen-actions.js';
import { orderMailContext } from '../../modules/mail/order-facts.js';
import { laterKitchenOrders } from '../../modules/kitchen/kitchen-later.js';
import { kitchenSettingsFrom } from '../../modules/kitchen/kitchen-settings.js';
import { statusScreenSettingsFrom } from '../../modules/displays/status-screen-settings.js';
import { cancelOrderWithReason } from '../../modules/orders/order-admin.js';
import { mspReady, readProviderSettings, stripeReady } from '../../modules/payments/provider-settings.js';
import type { RefundsService } from '../../modules/payments/refunds.js';
import type { PrintingRuntime } from '../../modules/printing/printing-runtime.js';
import { Stations } from '../../modules/stations/stations.js';
import type { StaffGuard } from '../events/routes.js';
import { staffMay } from '../http/viewer.js';
import { registerAccountRoutes } from '../rest/account.js';
import { localAdminAuthorize, registerApiKeyAdmin } from '../rest/api-key-admin.js';
import { registerCustomerAdminRoutes } from '../rest/customers-admin.js';
import { registerDashboardRoutes } from '../rest/dashboard.js';
import { registerFiguresRoutes } from '../rest/figures.js';
import { registerGiftCardRoutes } from '../rest/gift-cards.js';
import { registerJobRoutes } from '../rest/jobs.js';
import { registerKitchenSettingsRoutes } from '../rest/kitchen-settings.js';
import { registerKitchenRoutes } from '../rest/kitchen.js';
import { registerManualRoutes } from '../rest/manuals.js';
import { registerStaffMessageRoutes } from '../rest/messages.js';
import { registerOrderAdminRoutes } from '../rest/orders-admin.js';
import { registerPrintAdminRoutes } from '../rest/print-admin.js';
import { registerPrintingRoutes } from '../rest/printing.js';
import { registerPrivacyRoutes } from '../rest/privacy.js';
import { registerReviewAdminRoutes } from '../rest/reviews-admin.js';
import { registerShopSettingsRoutes } from '../rest/shop-settings.js';
import { registerSoldOutRoutes } from '../rest/sold-out.js';
import { registerStoreSettingsRoutes } from '../rest/store-settings.js';
import { registerStationRoutes } from '../rest/stations.js';
import { registerShopModeRoutes } from '../rest/shop-mode.js';
import { readShopMode, type ShopModeContext } from '../../modules/shop-mode/shop-mode.js';
import { registerStaffTimeSlotRoutes } from '../rest/time-slots.js';
import type { AreaContext } from './context.js';

export interface StaffAreaDeps {
  authorizeStaff: StaffGuard;
  refunds: RefundsService;
  printing: PrintingRuntime;
  shopMode: ShopModeContext;
}

/** The staff's API (the dashboard, the kitchen, printing, settings, API keys), each route behind its permission. */
export function registerStaffArea(server: FastifyInstance, context: AreaContext, deps: StaffAreaDeps): void {
  const { config, db, catalog, clock, auth, options } = context;
  const timeZone = config.timeZone;
  registerKitchenRoutes(server, {
    kitchen: new KitchenActions(
      db,
      clock,
      orderMailContext(config.siteUrl, timeZone, () => catalog.loaded()?.settings),
    ),
    authorizeStaff: deps.authorizeStaff,
    viewSettings: async () => {
      const { settings } = await catalog.get();
      return { ...kitchenSettingsFrom(settings), readyVisibleSeconds: statusScreenSettingsFrom(settings).readyVisibleSeconds, timeZone };
    },
    later: () => laterKitchenOrders(db, clock(), timeZone),
    cancel: (orderId, reason) => cancelOrderWithReason(db, orderId, reason, { siteUrl: config.siteUrl, now: clock() }),
  });
  registerSoldOutRoutes(server, { db, catalog, timeZone, clock });
  registerOrderAdminRoutes(server, { db, clock, timeZone, siteUrl: config.siteUrl, refunds: deps.refunds });
  registerFiguresRoutes(server, { db, clock, timeZone });
  registerKitchenSettingsRoutes(server, { db });
  registerStationRoutes(server, { stations: new Stations(db, clock), authorizeStaff: deps.authorizeStaff });
  registerShopSettingsRoutes(server, { db, timeZone, clock });
  const providerDefaults = { multisafepay: config.multisafepay, stripe: config.stripe };
  registerStoreSettingsRoutes(server, {
    db,
    cardPayments: async () => {
      const stored = await readProviderSettings(db);
      const testReasons = (await readShopMode(db, deps.shopMode)).reasons;
      return { cardPayments: mspReady(stored, providerDefaults), stripe: stripeReady(stored, providerDefaults), testReasons };
    },
  });
  registerPrintingRoutes(server, { receivedTickets: deps.printing.receivedTickets, authorize: staffMay('kitchen.view') });
  registerPrintAdminRoutes(server, { db, timeZone, clock });
  registerShopModeRoutes(server, { db, catalog, shopMode: deps.shopMode, clock });
  registerApiKeyAdmin(server, { keys: context.keys, base: '/api/admin/api-keys', authorize: options.authorizeKeyAdmin ?? staffMay('keys.manage') });
  if (options.localAdminSecret) {
    registerApiKeyAdmin(server, { keys: context.keys, base: '/api/local-admin/api-keys', authorize: localAdminAuthorize(options.localAdminSecret) });
  }
  registerAccountRoutes(server, { db, auth, localMailbox: !config.smtpUrl, clock });
  registerDashboardRoutes(server, { db });
  registerReviewAdminRoutes(server, { db, catalog, clock });
  registerCustomerAdminRoutes(server, { db, auth, clock });
  registerPrivacyRoutes(server, { db, clock });
  registerStaffTimeSlotRoutes(server, { db, clock, timeZone });
  registerStaffMessageRoutes(server, { db, clock, timeZone });
  registerManualRoutes(server, { db, clock, timeZone });
  registerGiftCardRoutes(server, { db, clock, timeZone });
  registerJobRoutes(server, { db, handlers: context.handlers });
}
