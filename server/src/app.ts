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
import { AuthService } from './modules/auth/auth-service.js';
import { registerViewer } from './api/http/viewer.js';
import { registerAccountRoutes } from './api/rest/account.js';
import { queueOrderConfirmation } from './modules/mail/order-confirmation.js';
import { localMailboxTransport, MailSender, smtpTransport } from './modules/mail/sender.js';

export const mediaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/media');

export interface App {
  server: FastifyInstance;
  catalog: CatalogService;
  mail: MailSender;
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
    // X-Forwarded-Proto/-For are believed only from the configured proxies (BAKJE_TRUST_PROXY).
    trustProxy:
      typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
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
  const auth = new AuthService(database.db, config.siteUrl, clock);
  registerViewer(server, { config, sessions: auth.sessions });
  const distance = new PostcodeDistanceProvider();
  const carts = new CartService(database.db, catalog, config.timeZone, clock);
  const services = {
    db: database.db,
    carts,
    checkout: new CheckoutService(database.db, carts, distance, config.timeZone, clock, queueOrderConfirmation(config.siteUrl, clock)),
    auth,
    clock,
  };
  const tokens = new SessionTokens(await sessionSecret(database.db, config.sessionSecret), config.siteUrl);
  registerGraphQL(server, { config, catalog, services, tokens });
  registerDeliveryRoutes(server, { catalog, distance });
  registerAccountRoutes(server, { db: database.db, auth, localMailbox: !config.smtpUrl });
  const mail = new MailSender(
    database.db,
    config.smtpUrl ? smtpTransport(config.smtpUrl) : localMailboxTransport(database.db, clock),
    config.mailFrom,
    log.child({ module: 'mail' }),
    clock,
  );
  // Tests drive the outbox with mail.flush(); a running shop sends every few seconds.
  if (config.env !== 'test') mail.start();
  const housekeeping = config.env === 'test' ? undefined : setInterval(() => void auth.housekeeping().catch((err: unknown) => log.warn({ err }, 'auth housekeeping failed')), 3600_000);
  housekeeping?.unref();
  if (config.benchRoutes) registerBenchRoutes(server);
  await registerWebApp(server, { webDist: config.webDist, mediaDir });

  return {
    server,
    catalog,
    mail,
    async close() {
      clearInterval(housekeeping);
      await server.close();
      await mail.stop();
      await catalog.stop();
    },
  };
}
