import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { lazyRequestLogger, type Logger } from '../../logger.js';
import type { SessionStore } from '../../modules/auth/sessions.js';
import type { CatalogService } from '../../modules/catalog/catalog-service.js';
import { WC_PREFIX } from '../rest/wc/register.js';
import { WP_PREFIX } from '../rest/wc/media-routes.js';
import { registerCompression } from './compression.js';
import { registerErrorHandler } from './error-handler.js';
import { registerRefusalLog } from './refusal-log.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerUnstorableTextGuard } from './unstorable-text.js';
import { registerViewer } from './viewer.js';

/** The HTTP server with the limits every request is held to; the caller decides when to listen. */
export function createServer(config: Config, log: Logger): FastifyInstance {
  return Fastify({
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
}

export interface HttpShellDeps {
  config: Config;
  catalog: CatalogService;
  sessions: SessionStore;
  /** Where Stripe.js comes from while Stripe takes payments, from the settings of a catalogue snapshot. */
  stripeJsOrigin: (settings: Map<string, unknown>) => string | undefined;
}

/**
 * What applies to every route, registered on the root instance before any route: cookies, security headers,
 * the log of refused requests, compression, zod route schemas, the one error handler, the unstorable-text guard
 * and `request.viewer()`.
 */
export async function registerHttpShell(server: FastifyInstance, deps: HttpShellDeps): Promise<void> {
  await server.register(fastifyCookie);
  const { catalog } = deps;
  registerSecurityHeaders(server, {
    stripeJsOrigin: () => {
      const current = catalog.current();
      return current ? deps.stripeJsOrigin(current.settings) : catalog.get().then((snapshot) => deps.stripeJsOrigin(snapshot.settings));
    },
  });
  // Before compression: a 403's body is still its JSON text.
  registerRefusalLog(server);
  registerCompression(server);
  // Route schemas are zod schemas (api/http/route-schemas.ts); a failure goes to the error handler.
  server.setValidatorCompiler(validatorCompiler);
  registerErrorHandler(server);
  registerUnstorableTextGuard(server, { checkedElsewhere: ['/graphql', WC_PREFIX, WP_PREFIX] });
  registerViewer(server, { config: deps.config, sessions: deps.sessions });
}
