import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { OsrmClient } from '../../integrations/osrm/osrm-client.js';
import type { Logger } from '../../logger.js';
import { CustomerArrival } from '../../modules/arrival/arrival.js';
import { OrderPushSubscriptions } from '../../modules/notifications/web-push.js';
import { AuthTokens } from '../../modules/auth/auth-tokens.js';
import type { PlaceOrder } from '../../modules/orders/place-order.js';
import { PostcodeDistanceProvider, RoadDistanceProvider, type DistanceProvider } from '../../modules/delivery/distance.js';
import { isPairedKiosk } from '../../modules/kiosk/kiosk-devices.js';
import { registerGraphQL } from '../graphql/endpoint.js';
import { KIOSK_COOKIE } from '../rest/kiosk.js';
import { registerDeliveryRoutes } from '../rest/delivery.js';
import type { AreaContext } from './context.js';
import type { PaymentsArea } from './payments.js';

/** The delivery distance: the postcode estimate, or OSRM's road distance when configured (docs/interfaces.md §5). */
export function distanceProvider(config: Config, log: Logger): DistanceProvider {
  if (config.distance.provider === 'postcode') return new PostcodeDistanceProvider();
  const client = new OsrmClient({ baseUrl: config.distance.url, profile: config.distance.profile, timeoutMs: config.distance.timeoutMs });
  // The reason only (status and OSRM's code): never the address.
  return new RoadDistanceProvider(client, (reason) => log.warn({ reason }, 'routing service failed; the postcode estimate was used'));
}

/** The web shop's GraphQL (WooGraphQL's dialect) and its delivery-address check. */
export function registerStorefrontArea(
  server: FastifyInstance,
  context: AreaContext,
  deps: { placeOrder: PlaceOrder; distance: DistanceProvider; payments: PaymentsArea },
): void {
  const { config, db, catalog, auth, clock, tokens } = context;
  registerGraphQL(server, {
    config,
    catalog,
    services: {
      db,
      carts: context.carts,
      placeOrder: deps.placeOrder,
      arrival: new CustomerArrival(db, clock, config.orderKeyDetailsHours),
      orderPush: new OrderPushSubscriptions(db, clock, config.orderKeyDetailsHours),
      auth,
      authTokens: new AuthTokens(context.secret, config.siteUrl, auth.sessions, clock),
      clock,
      payments: deps.payments.exposed.service,
      stripe: deps.payments.stripe,
      gateways: deps.payments.gateways,
    },
    tokens,
    fromKiosk: (request) => isPairedKiosk(db, request.cookies[KIOSK_COOKIE]),
  });
  registerDeliveryRoutes(server, { catalog, distance: deps.distance });
}
