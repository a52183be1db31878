import type { FastifyInstance } from 'fastify';
import { statusScreenSettingsFrom } from '../../modules/displays/status-screen-settings.js';
import { OrderEventStreams } from '../../modules/order-events/event-streams.js';
import { ShopStatusHub } from '../../modules/opening-hours/shop-status-hub.js';
import { registerCatalogStream } from '../events/catalog-stream.js';
import { registerEventRoutes, type StaffGuard } from '../events/routes.js';
import { registerShopStatusStream } from '../events/shop-status.js';
import { streamOptions, type AreaContext } from './context.js';

/** The live streams: order events (kitchen, status screen, a customer's order), the catalogue and the shop's status. */
export function registerEventsArea(server: FastifyInstance, context: AreaContext, deps: { authorizeStaff: StaffGuard }): void {
  const { config, db, catalog, clock } = context;
  const streams = new OrderEventStreams({
    db,
    hub: context.orderEvents,
    timeZone: config.timeZone,
    clock,
    statusScreenSettings: async () => statusScreenSettingsFrom((await catalog.get()).settings),
  });
  registerEventRoutes(server, { db, streams, authorizeStaff: deps.authorizeStaff, tokens: context.tokens, ...streamOptions(context) });
  registerCatalogStream(server, { catalog, ...streamOptions(context) });
  const shopStatus = new ShopStatusHub(catalog, config.timeZone, clock, context.log.child({ module: 'shop-status' }));
  registerShopStatusStream(server, { hub: shopStatus, ...streamOptions(context) });
}
