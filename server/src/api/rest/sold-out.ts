import { soldOutInput, type SoldOutCatalog, type SoldOutResult, type SoldOutTarget } from '@bakje/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { CatalogService } from '../../modules/catalog/catalog-service.js';
import { endOfService, setSoldOut, soldOutCatalog } from '../../modules/catalog/sold-out.js';
import { shopSettingsFrom } from '../../modules/settings/shop-settings.js';
import { requireStaff } from '../http/viewer.js';

/**
 * "Sold out today" (docs/decisions/0025-sold-out-today.md), for staff with `products.soldOut` (kitchen and up):
 * GET /api/catalog/sold-out: every orderable product with its variations and add-on options, and what is
 * sold out now (SoldOutCatalog).
 * PUT /api/catalog/sold-out {productId | variationId | addonOptionId, soldOut}: marks it sold out until the
 * end of the day's service, or available again (SoldOutResult).
 */
export function registerSoldOutRoutes(server: FastifyInstance, deps: { db: Db; catalog: CatalogService; timeZone: string; clock: () => Date }): void {
  const scope = server.withTypeProvider<ZodTypeProvider>();
  const guard = { preValidation: requireStaff('products.soldOut') };

  scope.get('/api/catalog/sold-out', guard, async (_request, reply): Promise<SoldOutCatalog> => {
    reply.header('cache-control', 'no-store');
    const snapshot = await deps.catalog.get();
    return soldOutCatalog(snapshot, deps.clock(), shopSettingsFrom(snapshot.settings).openingHours, deps.timeZone);
  });

  scope.put('/api/catalog/sold-out', { ...guard, schema: { body: soldOutInput } }, async (request): Promise<SoldOutResult> => {
    const { soldOut, productId, variationId, addonOptionId } = request.body;
    const target: SoldOutTarget = productId !== undefined ? { productId } : variationId !== undefined ? { variationId } : { addonOptionId: addonOptionId! };
    const now = deps.clock();
    const until = endOfService(shopSettingsFrom((await deps.catalog.get()).settings).openingHours, now, deps.timeZone);
    const result = await setSoldOut(deps.db, target, soldOut, until);
    // This instance's next read sees the change even before its own notification comes in.
    deps.catalog.markChanged(result.version);
    return result;
  });
}
