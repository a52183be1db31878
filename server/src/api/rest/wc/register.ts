import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.js';
import type { CatalogService } from '../../../modules/catalog/catalog-service.js';
import type { PlaceOrder } from '../../../modules/orders/place-order.js';
import { canRead, canWrite, type ApiKeyService } from '../../../modules/api-keys/api-key-service.js';
import { authenticate, type RestPrincipal } from './auth.js';
import { DomainError } from '../../../errors/domain-error.js';
import { authError } from './errors.js';
import { wooCommerceErrorHandler } from './error-reply.js';
import { registerCatalogRoutes } from './catalog-routes.js';
import { registerOrderRoutes } from './order-routes.js';
import { registerTimeSlotRoutes } from '../time-slots.js';
import { registerMessageRoutes } from '../messages.js';
import { unstorableTextProblem } from '../../http/unstorable-text.js';
import { registerTaxonomyRoutes } from './taxonomy-routes.js';
import { registerReviewRoutes } from './review-routes.js';
import { registerCouponRoutes } from './coupon-routes.js';
import { registerGlobalAddonRoutes } from './add-on-routes.js';
import { staffPrincipal } from './staff-principal.js';

export const WC_PREFIX = '/wp-json/wc/v3';
/** The Product Add-Ons plugin's routes (docs/interfaces.md §2): same keys, same error shape. */
export const ADDONS_PREFIX = '/wp-json/wc-product-add-ons/v2';

declare module 'fastify' {
  interface FastifyRequest {
    restPrincipal?: RestPrincipal;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The store REST API (docs/interfaces.md §2) under /wp-json/wc/v3: every request carries an API key, the key's
 * scope decides whether it may read (GET) and write (anything else), errors use the WooCommerce shape.
 */
export async function registerWooCommerceRest(
  app: FastifyInstance,
  deps: { db: Db; catalog: CatalogService; keys: ApiKeyService; siteUrl: string; clock: () => Date; timeZone: string; placeOrder: PlaceOrder },
) {
  await app.register(
    async (api) => {
      wooCommerceScope(api, deps);
      registerCatalogRoutes(api, deps);
      registerOrderRoutes(api, deps);
      registerTaxonomyRoutes(api, deps);
      registerReviewRoutes(api, deps);
      registerCouponRoutes(api, deps);
      registerTimeSlotRoutes(api, deps, { base: '/time-slots' });
      registerMessageRoutes(api, deps, { base: '/messages' });
    },
    { prefix: WC_PREFIX },
  );
  await app.register(
    async (api) => {
      wooCommerceScope(api, deps);
      registerGlobalAddonRoutes(api, deps);
    },
    { prefix: ADDONS_PREFIX },
  );
}

/** Authentication, input checks and the WooCommerce error shape shared by both prefixes. */
export function wooCommerceScope(api: FastifyInstance, deps: { keys: ApiKeyService; siteUrl: string; clock: () => Date }) {
  api.addHook('onRequest', async (request: FastifyRequest) => {
    const reading = READ_METHODS.has(request.method);
    // The dashboard: a staff login cookie (its CSRF token checked by api/http/viewer.ts) with the right permission.
    const staff = await staffPrincipal(request);
    if (staff) {
      request.restPrincipal = staff;
      return;
    }
    const principal = await authenticate(request, deps);
    if (!principal) {
      throw new DomainError('API_KEY_REQUIRED', reading ? 'Sorry, you cannot list resources.' : 'Sorry, you are not allowed to edit this resource.');
    }
    if (reading && !canRead(principal.scope)) throw authError('The API key provided does not have read permissions.');
    if (!reading && !canWrite(principal.scope)) throw authError('The API key provided does not have write permissions.');
    request.restPrincipal = principal;
    if (principal.keyId !== null) await deps.keys.touch(principal.keyId);
  });

  api.addHook('preValidation', async (request) => {
    const problem = unstorableTextProblem(request.query) ?? unstorableTextProblem(request.params) ?? unstorableTextProblem(request.body);
    if (problem) throw new DomainError('INVALID_INPUT', `Invalid parameter(s): ${problem}`);
  });

  api.setErrorHandler(wooCommerceErrorHandler);
}
