import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { CatalogService } from '../../../modules/catalog/catalog-service.js';
import { canRead, canWrite, type ApiKeyService } from '../../../modules/api-keys/api-key-service.js';
import { authenticate, type RestPrincipal } from './auth.js';
import { WcError, authError, sendWcError } from './errors.js';
import { registerCatalogRoutes } from './catalog-routes.js';
import { registerOrderRoutes } from './order-routes.js';
import { unstorableTextProblem } from '../../http/unstorable-text.js';

export const WC_PREFIX = '/wp-json/wc/v3';

declare module 'fastify' {
  interface FastifyRequest {
    restPrincipal?: RestPrincipal;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const BODY_ERRORS: Record<number, string> = {
  400: 'rest_invalid_json',
  413: 'rest_request_too_large',
  415: 'rest_unsupported_media_type',
};

/**
 * The store REST API (REFERENCE §2) under /wp-json/wc/v3: every request carries an API key, the key's
 * scope decides whether it may read (GET) and write (anything else), errors use the WooCommerce shape.
 */
export async function registerWooCommerceRest(
  app: FastifyInstance,
  deps: { db: Db; catalog: CatalogService; keys: ApiKeyService; siteUrl: string; clock: () => Date },
) {
  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request: FastifyRequest) => {
        const reading = READ_METHODS.has(request.method);
        const principal = await authenticate(request, deps);
        if (!principal) {
          throw reading
            ? new WcError(401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.')
            : new WcError(401, 'woocommerce_rest_cannot_edit', 'Sorry, you are not allowed to edit this resource.');
        }
        if (reading && !canRead(principal.scope)) throw authError('The API key provided does not have read permissions.');
        if (!reading && !canWrite(principal.scope)) throw authError('The API key provided does not have write permissions.');
        request.restPrincipal = principal;
        await deps.keys.touch(principal.keyId);
      });

      api.addHook('preValidation', async (request) => {
        const problem = unstorableTextProblem(request.query) ?? unstorableTextProblem(request.params) ?? unstorableTextProblem(request.body);
        if (problem) throw new WcError(400, 'rest_invalid_param', `Invalid parameter(s): ${problem}`);
      });

      api.setErrorHandler((error: FastifyError, request, reply) => {
        if (error instanceof WcError) return sendWcError(reply, error);
        const status = error.statusCode;
        if (status && status >= 400 && status < 500) {
          const message = status === 413 ? 'The request body is too large.' : status === 415 ? 'Send the body as application/json.' : 'The request body is not valid JSON.';
          return sendWcError(reply, new WcError(status, BODY_ERRORS[status] ?? 'rest_bad_request', message));
        }
        // A bug: log it, never send its message, stack or SQL.
        request.log.error({ err: error }, 'REST request failed');
        return sendWcError(reply, new WcError(500, 'internal_server_error', 'Internal server error.'));
      });

      registerCatalogRoutes(api, deps);
      registerOrderRoutes(api, deps);
    },
    { prefix: WC_PREFIX },
  );
}
