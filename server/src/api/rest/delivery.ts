import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lastValue } from '../http/route-schemas.js';
import type { CatalogService } from '../../modules/catalog/catalog-service.js';
import { checkDeliveryDistance, isCompleteAddress, tooFarMessage, type DistanceProvider } from '../../modules/delivery/distance.js';
import { deliveryRuleFor } from '../../modules/delivery/delivery-rules.js';
import { centsToDecimal } from '../../modules/catalog/money.js';
import { shopSettingsFrom } from '../../modules/settings/shop-settings.js';

/** Missing parts are empty (the module then says the address is incomplete); long ones are cut. */
const addressPart = lastValue.transform((value) => value.trim().slice(0, 200)).default('');

/** GET /api/calculate-distance?address_1&city&postcode (docs/product.md §7). */
export function registerDeliveryRoutes(app: FastifyInstance, deps: { catalog: CatalogService; distance: DistanceProvider }) {
  const query = z.object({ address_1: addressPart, city: addressPart, postcode: addressPart });
  app.withTypeProvider<ZodTypeProvider>().get('/api/calculate-distance', { schema: { querystring: query } }, async (request) => {
    const address = { address1: request.query.address_1, city: request.query.city, postcode: request.query.postcode };
    const { delivery } = shopSettingsFrom((await deps.catalog.get()).settings);
    // A postcode in a delivery zone is served whatever the distance, with the zone's minimum and fee
    // (docs/decisions/0028); an unknown centroid is then no failure.
    const rule = deliveryRuleFor(delivery, address.postcode);
    if (rule.zone && isCompleteAddress(address)) {
      const distance = await deps.distance.distanceKm(address, delivery).catch(() => 0);
      return {
        distance,
        unit: 'km',
        maximum_distance: delivery.maximumDistanceKm,
        within_range: true,
        message: null,
        zone: rule.zone.name,
        minimum_order: centsToDecimal(rule.minimumOrder),
        fee: centsToDecimal(rule.fee),
      };
    }
    // An incomplete address (400 INCOMPLETE_ADDRESS, with the dialog's title) or an unknown postcode (503
    // DISTANCE_FAILED) is thrown by the module.
    const check = await checkDeliveryDistance(deps.distance, address, delivery);
    return {
      distance: check.distanceKm,
      unit: 'km',
      maximum_distance: check.maximumDistanceKm,
      within_range: check.withinRange,
      message: check.withinRange ? null : tooFarMessage(check),
      zone: null,
      minimum_order: centsToDecimal(rule.minimumOrder),
      fee: centsToDecimal(rule.fee),
    };
  });
}
