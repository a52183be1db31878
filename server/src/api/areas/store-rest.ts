import type { FastifyInstance } from 'fastify';
import { mediaVariantsJobHandler } from '../../modules/media/media-jobs.js';
import { menuImportJobHandler } from '../../modules/menu-transfer/menu-import.js';
import { shopImportJobHandler } from '../../modules/menu-transfer/shop-import.js';
import { posSyncJobHandler } from '../../modules/pos-sync/pos-sync.js';
import { posSimulatorRuntime } from '../../modules/pos-sync/pos-runtime.js';
import { registerCloudPosRoutes } from '../rest/cloudpos.js';
import { registerMenuTransferRoutes } from '../rest/menu-transfer.js';
import { registerMediaRoutes } from '../rest/wc/media-routes.js';
import { registerWooCommerceRest } from '../rest/wc/register.js';
import type { PlaceOrder } from '../../modules/orders/place-order.js';
import type { AreaContext } from './context.js';

/**
 * The store's REST API for outside systems, signed with API keys: WooCommerce's /wp-json/wc/v3, WordPress's
 * media, the point of sale's and the menu transfer's; with their background jobs. Answers what starts the
 * point-of-sale simulator (after the server listens) and what stops it.
 */
export async function registerStoreRestArea(
  server: FastifyInstance,
  context: AreaContext,
  deps: { placeOrder: PlaceOrder },
): Promise<{ start(): Promise<void>; stop(): Promise<void> }> {
  const { config, db, catalog, keys, media, clock } = context;
  await registerWooCommerceRest(server, { db, catalog, keys, siteUrl: config.siteUrl, clock, timeZone: config.timeZone, placeOrder: deps.placeOrder });
  await registerMediaRoutes(server, { media, keys, siteUrl: config.siteUrl, clock });
  await registerCloudPosRoutes(server, { db, keys, siteUrl: config.siteUrl, clock });
  await registerMenuTransferRoutes(server, { db, catalog, siteUrl: config.siteUrl });
  context.handlers
    .register(mediaVariantsJobHandler(media))
    .register(posSyncJobHandler())
    .register(menuImportJobHandler(media))
    .register(shopImportJobHandler(media));
  return posSimulatorRuntime(config, db, context.log.child({ module: 'pos-simulator' }));
}
