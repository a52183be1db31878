import type { Config } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import type { FetchLike } from '../../integrations/multisafepay/multisafepay-client.js';
import type { JobHandlers } from '../../jobs/job-runner.js';
import type { Logger } from '../../logger.js';
import type { ApiKeyService } from '../../modules/api-keys/api-key-service.js';
import type { AuthService } from '../../modules/auth/auth-service.js';
import type { CartService } from '../../modules/cart/cart-service.js';
import type { CatalogService } from '../../modules/catalog/catalog-service.js';
import type { MediaService } from '../../modules/media/media-service.js';
import type { OrderEventHub } from '../../modules/order-events/event-hub.js';
import type { SessionTokens } from '../../modules/session/session-token.js';
import type { Authorize } from '../rest/api-key-admin.js';
import type { StaffGuard } from '../events/routes.js';
import { defaultSseOptions, type SseOptions } from '../events/sse.js';

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
  /**
   * Orders count as a live shop's even while the shop is in test mode (docs/decisions/0070-test-and-live-mode.md):
   * only for the end-to-end test server, whose specs check the figures of orders paid on the simulators.
   */
  ordersCountAsLive?: boolean;
  /**
   * Leave the background work (simulators, job runner) to the caller's `app.background.run()`: the server
   * then listens first (main.ts; docs/decisions/0075-security-defects-d1-d6.md). Tests leave it off.
   */
  deferBackground?: boolean;
}

/**
 * What every area of the composition root is wired from (docs/decisions/0062-payment-gateways-composition-root.md):
 * made once by `buildApp`, each area takes what it needs and registers its own routes and job handlers.
 */
export interface AreaContext {
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  clock: () => Date;
  options: AppOptions;
  catalog: CatalogService;
  orderEvents: OrderEventHub;
  auth: AuthService;
  /** The session secret (cookies, storefront tokens). */
  secret: string;
  tokens: SessionTokens;
  carts: CartService;
  keys: ApiKeyService;
  media: MediaService;
  /** Every area adds the handlers of its background jobs; the runner starts once all are in. */
  handlers: JobHandlers;
}

/** The event streams' settings: keep-alive and the connection limits (docs/decisions/0012). */
export function streamOptions(context: AreaContext) {
  const { connections } = context.config;
  return {
    sse: { ...defaultSseOptions, ...context.options.sse },
    limits: { perClient: connections.eventStreamsPerClient, total: connections.eventStreams },
  };
}
