import type { DistanceAnswer } from '@bakje/contract';
import type { FastifyInstance } from 'fastify';
import type { CatalogService } from '../../modules/catalog/catalog-service.js';
import {
  DISTANCE_FAILED,
  DistanceError,
  INCOMPLETE_ADDRESS,
  INCOMPLETE_ADDRESS_TITLE,
  checkDeliveryDistance,
  tooFarMessage,
  type DistanceProvider,
} from '../../modules/delivery/distance.js';
import { shopSettingsFrom } from '../../modules/settings/shop-settings.js';

/** GET /api/calculate-distance?address_1&city&postcode (docs/product.md §7). */
export function registerDeliveryRoutes(app: FastifyInstance, deps: { catalog: CatalogService; distance: DistanceProvider }) {
  app.get('/api/calculate-distance', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string).trim().slice(0, 200) : '');
    const address = { address1: text('address_1'), city: text('city'), postcode: text('postcode') };
    const { delivery } = shopSettingsFrom((await deps.catalog.get()).settings);
    try {
      const check = await checkDeliveryDistance(deps.distance, address, delivery);
      const answer: DistanceAnswer = {
        distance: check.distanceKm,
        unit: 'km',
        maximum_distance: check.maximumDistanceKm,
        within_range: check.withinRange,
        message: check.withinRange ? null : tooFarMessage(check),
      };
      return answer;
    } catch (error) {
      if (!(error instanceof DistanceError)) throw error;
      if (error.kind === 'incomplete') {
        return reply.code(400).send({ code: 'incomplete_address', title: INCOMPLETE_ADDRESS_TITLE, message: INCOMPLETE_ADDRESS, data: { status: 400 } });
      }
      return reply.code(422).send({ code: 'distance_failed', message: DISTANCE_FAILED, data: { status: 422 } });
    }
  });
}
