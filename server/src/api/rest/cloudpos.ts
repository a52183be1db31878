import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { ApiKeyService } from '../../modules/api-keys/api-key-service.js';
import { clientFor, posSyncOverview, syncEverything, syncOne } from '../../modules/pos-sync/pos-sync.js';
import { posSettingsView, readPosSettings, updatePosSettings } from '../../modules/pos-sync/pos-settings.js';
import { requireStaff } from '../http/viewer.js';
import { wooCommerceScope } from './wc/register.js';

const posId = z.union([z.string().trim().min(1).max(100), z.number().int().nonnegative()]).transform(String);
const name = z.string().trim().min(1).max(200);
const money = z.union([z.string().regex(/^\d{1,7}(\.\d{1,2})?$/), z.number().nonnegative().max(9_999_999)]).transform((v) => Number(v).toFixed(2));
const productFields = {
  name,
  price: money.default('0.00'),
  purchaseprice: money.default('0.00'),
  tax: z.number().int().min(0).max(100).default(21),
  tax_table: z.number().int().min(0).max(100).default(21),
  quantity: z.number().int().min(0).max(1_000_000).default(0),
};

/**
 * The point-of-sale proxy of docs/interfaces.md §7 under /api/cloudpos: the six calls, POST JSON, for staff (products.manage)
 * and API keys with write scope, as the store REST API authenticates them. Failures answer as docs/product.md §8 says:
 * the selects an empty list, the inserts null (the sync jobs use the client directly and retry instead).
 * Settings and sync status for the dashboard under /api/admin/pos (settings.manage).
 */
export async function registerCloudPosRoutes(
  server: FastifyInstance,
  deps: { db: Db; keys: ApiKeyService; siteUrl: string; clock: () => Date; fetch?: typeof fetch },
) {
  await server.register(
    async (api) => {
      wooCommerceScope(api, deps);
      const app = api.withTypeProvider<ZodTypeProvider>();
      const client = async () => clientFor(await readPosSettings(deps.db), { fetch: deps.fetch });
      const orEmpty = <T>(result: { ok: true; value: T[] } | { ok: false; error: string }, what: string) => {
        if (result.ok) return result.value;
        api.log.warn({ error: result.error }, `point of sale: ${what} failed`);
        return [];
      };
      const orNull = <T>(result: { ok: true; value: T } | { ok: false; error: string }, what: string) => {
        if (result.ok) return result.value;
        api.log.warn({ error: result.error }, `point of sale: ${what} failed`);
        return null;
      };

      app.post('/category.select', async () => orEmpty(await (await client()).selectCategories(), 'category.select'));
      app.post('/category.insert', { schema: { body: z.object({ name }).strict() } }, async (request) => ({
        id: orNull(await (await client()).insertCategory(request.body.name), 'category.insert'),
      }));
      app.post('/category.update', { schema: { body: z.object({ id: posId, name }).strict() } }, async (request) => ({
        success: orNull(await (await client()).updateCategory(request.body.id, request.body.name), 'category.update') !== null,
      }));
      app.post(
        '/product.select',
        {
          schema: {
            body: z
              .object({ show_deleted: z.boolean().default(false) })
              .strict()
              .default({ show_deleted: false }),
          },
        },
        async () => orEmpty(await (await client()).selectProducts(), 'product.select'),
      );
      app.post('/product.insert', { schema: { body: z.object(productFields).strict() } }, async (request) => ({
        id: orNull(await (await client()).insertProduct(request.body), 'product.insert'),
      }));
      app.post('/product.update', { schema: { body: z.object({ id: posId, ...productFields }).strict() } }, async (request) => {
        const { id, ...fields } = request.body;
        return { success: orNull(await (await client()).updateProduct(id, fields), 'product.update') !== null };
      });
    },
    { prefix: '/api/cloudpos' },
  );

  const app = server.withTypeProvider<ZodTypeProvider>();
  const preValidation = requireStaff('settings.manage');
  app.get('/api/admin/pos', { preValidation }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { settings: posSettingsView(await readPosSettings(deps.db)), ...(await posSyncOverview(deps.db)) };
  });
  app.put('/api/admin/pos/settings', { preValidation }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return posSettingsView(await updatePosSettings(deps.db, _request.body));
  });
  app.post('/api/admin/pos/sync-all', { preValidation }, async () => syncEverything(deps.db));
  app.post(
    '/api/admin/pos/sync',
    { preValidation, schema: { body: z.object({ entity: z.enum(['product', 'category']), id: z.number().int().positive() }).strict() } },
    async (request) => {
      await syncOne(deps.db, request.body.entity, request.body.id);
      return { queued: true };
    },
  );
}
