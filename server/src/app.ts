import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { CartService } from './modules/cart/cart-service.js';
import { CheckoutService } from './modules/checkout/checkout-service.js';
import { PostcodeDistanceProvider } from './modules/delivery/distance.js';
import { SessionTokens } from './modules/session/session-token.js';
import { sessionSecret } from './modules/session/session-secret.js';
import { registerDeliveryRoutes } from './api/rest/delivery.js';
import { ApiKeyService } from './modules/api-keys/api-key-service.js';
import { loadPepper } from './modules/api-keys/pepper.js';
import { registerWooCommerceRest } from './api/rest/wc/register.js';
import { localAdminAuthorize, registerApiKeyAdmin, type Authorize } from './api/rest/api-key-admin.js';
import { registerSecurityHeaders } from './api/http/security-headers.js';
import { registerErrorHandler } from './api/http/error-handler.js';

export const mediaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/media');

export interface AppOptions {
  /** Who may manage API keys at /api/admin/api-keys; the staff admin check once accounts exist. Default: nobody. */
  authorizeKeyAdmin?: Authorize;
  /** The secret of the lock file: enables /api/local-admin/api-keys for the CLI (docs/decisions/0004-keys-cli.md). */
  localAdminSecret?: string;
}

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
  options: AppOptions = {},
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
  await registerSecurityHeaders(server);
  registerErrorHandler(server);

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
  let pepper: string | undefined;
  const keys = new ApiKeyService(
    database.db,
    () => (pepper ??= loadPepper(config.apiKeyPepper, config.dataDir)),
    clock,
  );
  await registerWooCommerceRest(server, { db: database.db, catalog, keys, siteUrl: config.siteUrl, clock });
  registerApiKeyAdmin(server, { keys, base: '/api/admin/api-keys', authorize: options.authorizeKeyAdmin ?? (() => false) });
  if (options.localAdminSecret) {
    registerApiKeyAdmin(server, { keys, base: '/api/local-admin/api-keys', authorize: localAdminAuthorize(options.localAdminSecret) });
  }
  if (config.benchRoutes) registerBenchRoutes(server);
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
