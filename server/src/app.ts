import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Logger } from './logger.js';
import { CatalogService } from './modules/catalog/catalog-service.js';
import { registerGraphQL } from './api/graphql/endpoint.js';
import { registerHealth } from './api/health/routes.js';
import { registerWebApp } from './api/web/spa.js';
import { registerBenchRoutes } from './api/bench/static-reference.js';
import { registerBenchCheckoutFixture } from './api/bench/checkout-fixture.js';
import { CartService } from './modules/cart/cart-service.js';
import { CheckoutService } from './modules/checkout/checkout-service.js';
import { PostcodeDistanceProvider } from './modules/delivery/distance.js';
import { SessionTokens } from './modules/session/session-token.js';
import { sessionSecret } from './modules/session/session-secret.js';
import { registerDeliveryRoutes } from './api/rest/delivery.js';

import { mediaDir } from './paths.js';

export { mediaDir };

export interface App {
  server: FastifyInstance;
  catalog: CatalogService;
  close(): Promise<void>;
}

/** Wires the modules to their transports. The caller owns the database and decides when to listen. */
export async function buildApp(
  config: Config,
  database: Database,
  log: Logger,
  clock: () => Date = () => new Date(),
): Promise<App> {
  const server: FastifyInstance = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    // Per-request logs only when debugging; errors are logged where they happen.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    bodyLimit: 1_048_576,
    trustProxy: true,
  });
  const catalog = new CatalogService(database, log.child({ module: 'catalog' }));
  await catalog.start();

  await server.register(fastifyCookie);
  server.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    // Never a stack trace or SQL in a response.
    reply.code(status).send({
      code: status >= 500 ? 'internal_error' : 'bad_request',
      message: status >= 500 ? 'Internal server error' : error.message,
      data: { status },
    });
  });

  registerHealth(server, database);
  const distance = new PostcodeDistanceProvider();
  const carts = new CartService(database.db, catalog, config.timeZone, clock);
  const services = {
    db: database.db,
    carts,
    checkout: new CheckoutService(database.db, carts, distance, config.timeZone, clock),
    clock,
  };
  const tokens = new SessionTokens(await sessionSecret(database.db, config.sessionSecret), config.siteUrl);
  registerGraphQL(server, { config, catalog, services, tokens });
  registerDeliveryRoutes(server, { catalog, distance });
  if (config.benchRoutes) registerBenchRoutes(server);
  if (config.benchRoutes) registerBenchCheckoutFixture(server, database.db);
  await registerWebApp(server, { webDist: config.webDist, mediaDir });

  return {
    server,
    catalog,
    async close() {
      await server.close();
      await catalog.stop();
    },
  };
}
