import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ShopModeView } from '@bakje/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { CatalogService } from '../../modules/catalog/catalog-service.js';
import { readShopMode, shopModeFrom, switchToLive, switchToTest, type ShopModeContext } from '../../modules/shop-mode/shop-mode.js';
import { requireStaff } from '../http/viewer.js';

const switchBody = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('live'), testPrintConfirmed: z.boolean().default(false) }).strict(),
  z.object({ mode: z.literal('test') }).strict(),
]);

/**
 * Test or live (docs/decisions/0070-test-and-live-mode.md): `GET /api/shop-mode` for every screen's banner
 * (from the catalogue's copy of the settings: no query), the owner's view and switch under `settings.manage`.
 */
export function registerShopModeRoutes(server: FastifyInstance, deps: { db: Db; catalog: CatalogService; shopMode: ShopModeContext; clock: () => Date }): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const manage = { preValidation: requireStaff('settings.manage') };

  app.get('/api/shop-mode', async (_request, reply): Promise<ShopModeView> => {
    reply.header('cache-control', 'no-store');
    return { mode: shopModeFrom((await deps.catalog.get()).settings, deps.shopMode).mode };
  });
  app.get('/api/settings/shop-mode', manage, async () => readShopMode(deps.db, deps.shopMode));
  app.put('/api/settings/shop-mode', { ...manage, schema: { body: switchBody } }, async (request) =>
    request.body.mode === 'live'
      ? switchToLive(deps.db, deps.shopMode, { testPrintConfirmed: request.body.testPrintConfirmed }, deps.clock())
      : switchToTest(deps.db, deps.shopMode),
  );
}
