import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lastValue } from '../http/route-schemas.js';
import type { CatalogService } from '../../modules/catalog/catalog-service.js';
import { checkDeliveryDistance, tooFarMessage, type DistanceProvider } from '../../modules/delivery/distance.js';
import { shopSettingsFrom } from '../../modules/settings/shop-settings.js';

/** Missing parts are empty (the module then says the address is incomplete); long ones are cut. */
const addressPart = lastValue.transform((value) => value.trim().slice(0, 200)).default('');

/** GET /api/calculate-distance?address_1&city&postcode (docs/product.md §7). */
export function registerDeliveryRoutes(app: FastifyInstance, deps: { catalog: CatalogService; distance: DistanceProvider }) {
  const query = z.object({ address_1: addressPart, city: addressPart, postcode: addressPart });
  app.withTypeProvider<ZodTypeProvider>().get('/api/calculate-distance', { schema: { querystring: query } }, async (request) => {
    const address = { address1: request.query.address_1, city: request.query.city, postcode: request.query.postcode };
    const { delivery } = shopSettingsFrom((await deps.catalog.get()).settings);
    // An incomplete address (400 INCOMPLETE_ADDRESS, with the dialog's title) or an unknown postcode (503
    // DISTANCE_FAILED) is thrown by the module.
    const check = await checkDeliveryDistance(deps.distance, address, delivery);
    return {
      distance: check.distanceKm,
      unit: 'km',
      maximum_distance: check.maximumDistanceKm,
      within_range: check.withinRange,
      message: check.withinRange ? null : tooFarMessage(check),
    };
  });
}
